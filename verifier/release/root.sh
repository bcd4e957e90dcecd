#!/bin/sh
# root.sh DIR: make DIR a Debian 11 (bullseye) build root, unless it already is one.
#
# Debian 11 ships glibc 2.31, the oldest glibc the release binaries must start
# on (Ubuntu 20.04, Debian 11). A cgo binary linked there only asks for symbol
# versions that 2.31 has; linking on this Debian 12 host pulls in GLIBC_2.34
# (dlopen, pthread_create, __libc_start_main), even with gcc --sysroot.
# The root holds gcc for amd64 and the aarch64 cross gcc with glibc 2.31 for
# arm64. It needs root (debootstrap, chroot) and the Debian mirror, once;
# a stamp file records the package list, so a changed list rebuilds it.
set -eu

ROOT=${1:?usage: root.sh DIR}
SUITE=bullseye
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
PKGS=libc6-dev,gcc,gcc-aarch64-linux-gnu,libc6-dev-arm64-cross,binutils-aarch64-linux-gnu
STAMP="$SUITE $PKGS"

case "$ROOT" in
/?*/?*) ;;
*) echo "root.sh: DIR must be an absolute path two levels deep or more, got '$ROOT'" >&2; exit 2 ;;
esac

if [ "$(cat "$ROOT/.gpuplan-root" 2>/dev/null)" = "$STAMP" ]; then
	exit 0
fi
if [ "$(id -u)" != 0 ]; then
	echo "root.sh: making the $SUITE build root needs root (debootstrap, chroot)" >&2
	exit 2
fi
if ! command -v debootstrap >/dev/null 2>&1; then
	apt-get install -y debootstrap || { apt-get update && apt-get install -y debootstrap; }
fi

# debootstrap mounts /proc and /sys inside the new root; a private mount
# namespace drops those mounts when it exits, even on failure, so removing a
# half-made root never walks into the host's /proc or /sys.
tmp="$ROOT.tmp"
if grep -qF " $ROOT" /proc/mounts; then
	echo "root.sh: something is mounted under $ROOT; unmount it before the root is rebuilt" >&2
	exit 2
fi
rm -rf "$tmp" "$ROOT"
echo "root.sh: debootstrap $SUITE into $ROOT (about a minute)"
unshare --mount --propagation private -- \
	debootstrap --variant=minbase --include="$PKGS" "$SUITE" "$tmp" "$MIRROR"
echo "$STAMP" >"$tmp/.gpuplan-root"
mv "$tmp" "$ROOT"
