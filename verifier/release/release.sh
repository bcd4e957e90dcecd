#!/bin/sh
# release.sh snapshot|release|glibc: the release, in the order the site needs.
#
#   snapshot  everything offline into dist/, nothing published (make release-snapshot)
#   release   the tag at HEAD, uploaded to GitHub as a draft (make release)
#   glibc     only the binaries (goreleaser build), then glibc-check.sh
#
# The ordering problem: the site's acceptance page shows the SHA-256 of every
# download, and the site is itself a release archive, but goreleaser computes
# checksums at the end of the run that packs the site. So goreleaser runs
# twice on one config:
#
#  1. goreleaser release, the site archive packed from a stub: binaries,
#     archives, .deb/.rpm and checksums.txt; for "release" nothing is
#     uploaded (--skip=publish).
#  2. glibc-check.sh on those binaries, before anything is uploaded.
#  3. release-json.sh: build/release/release.json from checksums.txt.
#  4. make site into build/release/site with RELEASE_JSON set (the generator
#     embeds it and writes the file itself to the site root).
#  5. goreleaser release again (--clean), the real site archive this time;
#     for "release" this run uploads, as a draft.
#  6. release-verify.sh: run 5 rebuilt byte-identical files (the builds are
#     reproducible: -trimpath, -buildvcs=false, commit-date timestamps), so
#     the checksums the site shows are the ones uploaded.
#
# Rejected: a before-hook cannot see checksums (they come after the builds);
# goreleaser OSS has no after-hooks, no prebuilt builder and no
# publish-only command; "goreleaser build" alone gives binaries, but users
# download archives and packages, whose bytes only the archive and nfpm steps
# make.
#
# Environment: GORELEASER (default bin/goreleaser), MAKE (default make),
# GPUPLAN_BUILD_ROOT (the Debian 11 root), GPUPLAN_RELEASE_BASE_URL.
set -eu

MODE=${1:?usage: release.sh snapshot|release|glibc}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
cd "$repo"
GORELEASER=${GORELEASER:-bin/goreleaser}
MAKE=${MAKE:-make}
OUT=build/release
STUB=$OUT/site-stub

case "$MODE" in
snapshot | glibc)
	flags=--snapshot
	# Without a git remote, goreleaser's snapshot mode drops all git facts
	# and names the build 0.0.1-snapshot+none. A remote URL given through
	# git's environment (never contacted, .git/config untouched) fixes it.
	if [ -z "$(git remote)" ]; then
		export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=remote.origin.url \
			GIT_CONFIG_VALUE_0=https://github.com/gpuplan/gpuplan.git
	fi
	;;
release)
	flags=
	tag=$(git describe --exact-match --tags HEAD 2>/dev/null) || {
		echo "release.sh: HEAD has no tag; tag it first: git tag -a v0.1.0 -m v0.1.0" >&2
		exit 2
	}
	[ -n "${GITHUB_TOKEN:-}" ] || {
		echo "release.sh: GITHUB_TOKEN must be set (a token that may write releases)" >&2
		exit 2
	}
	echo "release.sh: releasing $tag"
	;;
*)
	echo "release.sh: mode must be snapshot, release or glibc, got '$MODE'" >&2
	exit 2
	;;
esac

if [ "$MODE" = glibc ]; then
	"$GORELEASER" build $flags --clean
	exec "$here/glibc-check.sh" dist
fi

# tree_state: a digest of the working tree (tracked changes and untracked
# files), to tell "the tree changed between the two runs" from "the build is
# not reproducible" when step 6 fails.
tree_state() {
	{
		git rev-parse HEAD
		git diff HEAD --binary
		git ls-files -o --exclude-standard -z | xargs -0r sha256sum
	} | sha256sum
}
before=$(tree_state)

mkdir -p "$STUB"
echo "Placeholder: the first goreleaser run of a release packs this, not the site." >"$STUB/README.txt"

echo "== 1/6 goreleaser, first run (site archive from a stub)"
skip=
[ "$MODE" = release ] && skip=--skip=publish,announce
GPUPLAN_RELEASE_SITE=$STUB "$GORELEASER" release $flags $skip --clean

echo "== 2/6 glibc check"
"$here/glibc-check.sh" dist

echo "== 3/6 release.json"
"$here/release-json.sh" dist "$OUT/release.json" "$MODE"

echo "== 4/6 site"
"$MAKE" --no-print-directory site SITE_DIR="$OUT/site" RELEASE_JSON="$repo/$OUT/release.json"

echo "== 5/6 goreleaser, second run (the real site archive)"
GPUPLAN_RELEASE_SITE=$OUT/site "$GORELEASER" release $flags --clean

echo "== 6/6 verify"
if [ "$(tree_state)" != "$before" ]; then
	echo "release.sh: FAIL: the working tree changed during the release; run it again on a quiet tree" >&2
	exit 1
fi
"$here/release-verify.sh" dist "$OUT/release.json"
if [ "$MODE" = release ]; then
	echo "The release $tag is a draft on GitHub. Publish it there (or: gh release edit $tag --draft=false),"
	echo "then deploy $OUT/site (or the gpuplan-site archive) to the site's host."
fi
