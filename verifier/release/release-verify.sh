#!/bin/sh
# release-verify.sh DIST JSON: check that the release in DIST is the one the
# site describes, after the second goreleaser run.
#
# JSON (release-json.sh) was written from the first run; the site embeds it.
# The second run rebuilt every file, so this proves the rebuild was
# byte-identical: each file's SHA-256 in JSON equals checksums.txt and the
# file itself (sha256sum -c, the command users run), no packaged file is
# missing from JSON, and the site archive carries this same JSON. Last, the
# amd64 .deb installs on Debian 11 (dpkg -i in the build root, then removed)
# and the installed /usr/bin/gpuverify prints the version.
set -eu
here=$(cd "$(dirname "$0")" && pwd)

DIST=${1:?usage: release-verify.sh DIST JSON}
JSON=${2:?usage: release-verify.sh DIST JSON}

fail() {
	echo "release-verify: FAIL: $*" >&2
	exit 1
}

version=$(jq -r .version "$JSON")
[ "$version" = "$(jq -r .version "$DIST/metadata.json")" ] ||
	fail "$JSON is for $version, $DIST for $(jq -r .version "$DIST/metadata.json"): was there a commit between the two runs?"

# Every file in JSON: same hash in checksums.txt, and on disk.
want=$(mktemp)
got=$(mktemp)
trap 'rm -f "$want" "$got"' EXIT
jq -r '.files[] | "\(.sha256)  \(.name)"' "$JSON" | sort -k2 >"$want"
grep -v '  gpuplan-site_' "$DIST/checksums.txt" | sort -k2 >"$got"
cmp -s "$want" "$got" || {
	diff "$want" "$got" >&2 || true
	fail "the checksums in $JSON differ from $DIST/checksums.txt: the second run did not rebuild the same bytes"
}
(cd "$DIST" && sha256sum --quiet -c checksums.txt) || fail "sha256sum -c checksums.txt failed in $DIST"

# The site archive holds the same release.json.
site=$(jq -r '[.[] | select(.type == "Archive" and .extra.ID == "site")][0].path' "$DIST/artifacts.json")
[ -f "$site" ] || fail "no site archive in $DIST/artifacts.json"
tar -xzOf "$site" site/release.json | cmp -s - "$JSON" ||
	fail "$site does not hold site/release.json equal to $JSON"
deb=$(jq -r '[.[] | select(.type == "Linux Package" and .goarch == "amd64" and .extra.Format == "deb")][0].path' "$DIST/artifacts.json")
[ -f "$deb" ] || fail "no amd64 .deb in $DIST/artifacts.json"
out=$("$here/chroot.sh" sh -c 'dpkg -i "$1" >/dev/null && /usr/bin/gpuverify version; code=$?; dpkg -r gpuverify >/dev/null 2>&1; exit $code' sh "$deb" 2>&1) ||
	fail "dpkg -i $deb on Debian 11: $out"
case "$out" in
"gpuverify $version "*) echo "  Debian 11: dpkg -i $(basename "$deb"); gpuverify version: $out" ;;
*) fail "the installed .deb printed '$out', want 'gpuverify $version ...'" ;;
esac
echo "release-verify: ok: $(jq '.files | length' "$JSON") files of $version match $JSON; $(basename "$site") carries it"
