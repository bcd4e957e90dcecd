#!/bin/sh
# glibc-check.sh DIST: prove the release binaries in DIST start on glibc 2.31.
#
#  1. objdump -T: no dynamic symbol of either binary (amd64, arm64) may need
#     a GLIBC_ version above 2.31 (Ubuntu 20.04, Debian 11). A binary that
#     links go-nvml must be dynamic with GLIBC_ symbols (go-nvml is cgo and
#     dlopens the driver's library); one without any cgo package is static
#     and needs no glibc at all, which the check reports.
#  2. The amd64 binary runs inside the Debian 11 build root (real glibc 2.31):
#     "version" must print the release version, "plan --in" a sheet must
#     print the same text as the plan golden file, and "facts" on this host
#     without an NVIDIA driver must say so cleanly (exit 1, "libnvidia-ml.so.1
#     not found"), not die in the loader.
#  3. The arm64 binary runs the same way under qemu-aarch64-static, with the
#     root's glibc 2.31 for arm64 (/usr/aarch64-linux-gnu) as its sysroot.
set -eu

DIST=${1:?usage: glibc-check.sh DIST}
MAX=2.31
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
ROOT=${GPUPLAN_BUILD_ROOT:-/var/cache/gpuplan/bullseye}
SHEET=shared/plan/testdata/domestic-32b.req.json
GOLDEN=shared/plan/testdata/domestic-32b.txt
cd "$repo"

fail() {
	echo "glibc-check: FAIL: $*" >&2
	exit 1
}

version=$(jq -r .version "$DIST/metadata.json")
if [ -z "$version" ] || [ "$version" = null ]; then
	fail "no version in $DIST/metadata.json"
fi

# newest_glibc BIN prints the highest GLIBC_x.y a dynamic symbol of BIN needs.
newest_glibc() {
	objdump -T "$1" | grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/GLIBC_//' | sort -uV | tail -n 1
}

# run_checks LABEL RUNNER...: the three runs, through RUNNER (a command prefix).
run_checks() {
	label=$1
	shift
	out=$("$@" version 2>&1) || fail "$label: gpuverify version: $out"
	echo "  $label \$ gpuverify version"
	echo "    $out"
	case "$out" in
	"gpuverify $version "*) ;;
	*) fail "$label: gpuverify version printed '$out', want 'gpuverify $version ...'" ;;
	esac

	out=$("$@" plan --in "$SHEET" 2>&1) || fail "$label: gpuverify plan --in $SHEET: $out"
	printf '%s\n' "$out" | cmp -s - "$GOLDEN" ||
		fail "$label: gpuverify plan --in $SHEET differs from $GOLDEN"
	echo "  $label \$ gpuverify plan --in $SHEET: $(printf '%s\n' "$out" | wc -l) lines, same as $GOLDEN"

	if ! "$@" help 2>&1 | grep -q '^  facts '; then
		echo "  $label: gpuverify has no facts command in this build: facts check skipped"
		return 0
	fi
	code=0
	out=$("$@" facts 2>&1) || code=$?
	echo "  $label \$ gpuverify facts   (exit $code)"
	printf '%s\n' "$out" | sed 's/^/    /'
	case "$out" in
	*"error while loading shared libraries"* | *"symbol lookup error"* | *"version \`GLIBC_"*)
		fail "$label: gpuverify facts died in the loader" ;;
	esac
	# The clean answer is nvml.ErrNoLibrary (verifier/internal/nvml/doc.go)
	# with exit code 1, "could not collect"; the loader would exit 127.
	if [ "$code" != 1 ] || ! printf '%s\n' "$out" | grep -q 'libnvidia-ml.so.1 not found'; then
		fail "$label: gpuverify facts without a driver must exit 1 saying 'libnvidia-ml.so.1 not found'"
	fi
}

# Debian 11 root: a chroot for amd64; qemu with the arm64 sysroot for arm64.
run_amd64() { "$here/chroot.sh" "$bin" "$@"; }
run_arm64() { qemu-aarch64-static -L "$ROOT/usr/aarch64-linux-gnu" "$bin" "$@"; }

for arch in amd64 arm64; do
	bin=$(jq -r --arg a "$arch" '[.[] | select(.type == "Binary" and .goos == "linux" and .goarch == $a)][0].path' "$DIST/artifacts.json")
	[ -f "$bin" ] || fail "no linux/$arch binary in $DIST/artifacts.json"
	case "$arch" in
	amd64) want='X86-64' libc="$ROOT/lib/x86_64-linux-gnu" ;;
	arm64) want='AArch64' libc="$ROOT/usr/aarch64-linux-gnu/lib" ;;
	esac
	readelf -h "$bin" | grep -q "Machine: .*$want" || fail "$bin is not an $want binary"
	if readelf -d "$bin" | grep -q NEEDED; then
		newest=$(newest_glibc "$bin")
		[ -n "$newest" ] || fail "$bin is dynamic but objdump -T shows no GLIBC_ symbol"
		echo "$bin: newest GLIBC symbol version GLIBC_$newest (limit $MAX)"
		syms=$(objdump -T "$bin" | grep -E "GLIBC_${newest}[) ]" | awk '{print $NF}' | sort)
		echo "    $(echo "$syms" | wc -l) symbols at GLIBC_$newest: $(echo "$syms" | head -n 5 | tr '\n' ' ')..."
		[ "$(printf '%s\n%s\n' "$newest" "$MAX" | sort -V | tail -n 1)" = "$MAX" ] ||
			fail "$bin needs GLIBC_$newest, above $MAX"
	elif go version -m "$bin" | grep -q 'github.com/NVIDIA/go-nvml'; then
		fail "$bin links go-nvml but is static: built without cgo?"
	else
		echo "$bin: static (no cgo package linked yet), needs no glibc"
	fi
	if [ "$arch" = arm64 ] && ! command -v qemu-aarch64-static >/dev/null 2>&1; then
		fail "qemu-aarch64-static is missing (apt-get install qemu-user-static)"
	fi
	so=$(basename "$libc"/libc-*.so .so)
	run_checks "$arch (glibc ${so#libc-})" "run_$arch"
done
echo "glibc-check: ok: both binaries need GLIBC $MAX at most and run on Debian 11"
