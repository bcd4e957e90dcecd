#!/bin/sh
# chroot.sh CMD ARGS...: run CMD inside the Debian 11 build root (root.sh),
# in the current directory, which must be inside this repository.
#
# This repository, the host's Go toolchain (GOROOT) and module cache
# (GOMODCACHE) are bind-mounted at their own paths, so paths inside and
# outside agree (goreleaser's -o paths, -trimpath output, dist/ files).
# The mounts live in a private mount namespace: they vanish when CMD exits,
# even if it crashes, and nothing else on the host sees them.
#
# The root is kept outside the repository (GPUPLAN_BUILD_ROOT, default
# /var/cache/gpuplan/bullseye): inside it, "go ... ./..." would walk a
# whole Debian tree.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
ROOT=${GPUPLAN_BUILD_ROOT:-/var/cache/gpuplan/bullseye}

if [ "${1:-}" = "--inside" ]; then
	# Second stage, in the private mount namespace: mount, then chroot.
	shift
	goroot=$1 modcache=$2 dir=$3
	shift 3
	for d in "$repo" "$goroot" "$modcache"; do
		mkdir -p "$ROOT$d"
		mount --bind "$d" "$ROOT$d"
	done
	mount -t proc proc "$ROOT/proc"
	# The caller's settings (GOOS, GOARCH, CGO_ENABLED, CC, CGO_CFLAGS,
	# GOFLAGS ...) pass through; the paths that differ inside are pinned.
	# The root keeps its own build cache: its cgo objects come from another
	# gcc and glibc than the host's. GOPROXY is off: modules come from the
	# host's cache ("go mod download" fills it).
	exec chroot "$ROOT" env -u TMPDIR -u GOENV \
		HOME=/root PATH="$goroot/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
		GOROOT="$goroot" GOMODCACHE="$modcache" GOPATH=/root/go GOCACHE=/root/.cache/go-build \
		GOPROXY=off GOTOOLCHAIN=local GOTELEMETRY=off \
		/bin/sh -c 'cd "$1" && shift && exec "$@"' sh "$dir" "$@"
fi

if [ $# -eq 0 ]; then
	echo "usage: chroot.sh CMD [ARGS...]" >&2
	exit 2
fi
if [ "$(id -u)" != 0 ]; then
	echo "chroot.sh: needs root (mount namespace, bind mounts, chroot)" >&2
	exit 2
fi
if [ ! -f "$ROOT/.gpuplan-root" ]; then
	echo "chroot.sh: no build root at $ROOT; make it with: verifier/release/root.sh $ROOT" >&2
	exit 2
fi
case "$PWD" in
"$repo" | "$repo"/*) ;;
*) echo "chroot.sh: run it from inside $repo (now in $PWD)" >&2; exit 2 ;;
esac
goroot=$(go env GOROOT)
modcache=$(go env GOMODCACHE)
exec unshare --mount --propagation private -- "$here/chroot.sh" --inside "$goroot" "$modcache" "$PWD" "$@"
