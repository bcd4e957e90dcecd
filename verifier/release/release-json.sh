#!/bin/sh
# release-json.sh DIST OUT snapshot|release: write OUT, the release manifest
# the site embeds, from goreleaser's DIST (metadata.json, artifacts.json,
# checksums.txt).
#
# OUT lists every download of this version except the site archive (which
# cannot hold its own checksum): name, kind (tar.gz, deb, rpm), os, arch,
# size in bytes and SHA-256, taken from checksums.txt, the same file users
# check with "sha256sum -c checksums.txt --ignore-missing". base_url + name is
# the download link. A snapshot is never published: its base_url is empty
# unless GPUPLAN_RELEASE_BASE_URL sets one (a mirror, a local test server).
# Every value comes from the commit, not the clock, so two runs on one commit
# write the same bytes.
set -eu

DIST=${1:?usage: release-json.sh DIST OUT snapshot|release}
OUT=${2:?usage: release-json.sh DIST OUT snapshot|release}
MODE=${3:?usage: release-json.sh DIST OUT snapshot|release}
REPO_URL=https://github.com/gpuplan/gpuplan

case "$MODE" in
snapshot) snapshot=true default_base= ;;
release) snapshot=false default_base="$REPO_URL/releases/download/$(jq -r .tag "$DIST/metadata.json")/" ;;
*) echo "release-json.sh: mode must be snapshot or release, got '$MODE'" >&2; exit 2 ;;
esac
base=${GPUPLAN_RELEASE_BASE_URL-$default_base}
commit=$(jq -r .commit "$DIST/metadata.json")
commit_date=$(git log -1 --format=%cI "$commit")

# name<TAB>size of every packaged file, for the sizes.
sizes=$(mktemp)
trap 'rm -f "$sizes"' EXIT
jq -r '.[] | select(.type == "Archive" or .type == "Linux Package") | .path' "$DIST/artifacts.json" |
	while read -r path; do
		printf '%s\t%s\n' "$(basename "$path")" "$(stat -c %s "$path")"
	done >"$sizes"

mkdir -p "$(dirname "$OUT")"
jq -n \
	--slurpfile art "$DIST/artifacts.json" \
	--slurpfile meta "$DIST/metadata.json" \
	--rawfile sums "$DIST/checksums.txt" \
	--rawfile sizes "$sizes" \
	--arg base "$base" --arg date "$commit_date" --argjson snapshot "$snapshot" '
	def table($text; $sep): $text | split("\n") | map(select(length > 0) | split($sep)) ;
	(table($sums; "  ") | map({(.[1]): .[0]}) | add) as $sha |
	(table($sizes; "\t") | map({(.[0]): (.[1] | tonumber)}) | add) as $size |
	{
		schema: "gpuplan.release/v1",
		version: $meta[0].version,
		tag: (if $snapshot then null else $meta[0].tag end),
		commit: $meta[0].commit,
		commit_date: $date,
		snapshot: $snapshot,
		base_url: $base,
		checksums: "checksums.txt",
		files: [
			$art[0][]
			| select((.type == "Archive" or .type == "Linux Package") and .extra.ID != "site")
			| {name, kind: .extra.Format, os: .goos, arch: .goarch,
			   size: $size[.name], sha256: $sha[.name]}
		] | sort_by(.arch, ({"tar.gz": 0, "deb": 1, "rpm": 2}[.kind] // 3))
	}
	| if any(.files[]; .sha256 == null or .size == null) or (.files | length) == 0
	  then error("a packaged file has no checksum or size, or there are none") else . end
' >"$OUT.tmp"
mv "$OUT.tmp" "$OUT"
echo "release-json: $(jq '.files | length' "$OUT") files of $(jq -r .version "$OUT") -> $OUT"
