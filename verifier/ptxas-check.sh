#!/bin/sh
# ptxas-check: assemble every embedded PTX file of gpuverify bench for each
# GPU target it must run on, with ptxas, and print the registers and
# spills of each kernel. ptxas is NVIDIA's assembler; the driver runs the
# same one when it JIT-compiles the PTX, so a file that fails here fails
# on the customer's GPU.
#
# ptxas comes from PyPI's nvidia-cuda-nvcc-cu12 wheel (no CUDA toolkit
# install), put under $PTXAS_DIR by pip; PTXAS=/path/to/ptxas uses another.
# With OPTIONAL=1 a ptxas that cannot be installed (no network, no pip) is
# a note and exit 0, so that make test runs the check where it can.
set -eu

PTX_DIR=${PTX_DIR:-verifier/internal/cuda/kernels}
ARCHS=${PTXAS_ARCHS:-"sm_80 sm_86 sm_89 sm_90"}
PKG=${PTXAS_PKG:-nvidia-cuda-nvcc-cu12==12.9.86}
DIR=${PTXAS_DIR:-.cache/ptxas}
OPTIONAL=${OPTIONAL:-}

skip() {
  if [ -n "$OPTIONAL" ]; then
    echo "ptx-check: skipped: $1 (make ptx-check runs it where pip can install $PKG)"
    exit 0
  fi
  echo "ptx-check: $1" >&2
  exit 1
}

ptxas=${PTXAS:-}
if [ -z "$ptxas" ]; then
  ptxas=$(find "$DIR" -name ptxas -type f 2>/dev/null | head -n 1)
fi
if [ -z "$ptxas" ]; then
  command -v python3 >/dev/null 2>&1 || skip "python3 is not installed, so pip cannot fetch ptxas"
  mkdir -p "$(dirname "$DIR")"
  echo "ptx-check: installing ptxas from PyPI ($PKG) under $DIR"
  python3 -m pip install --quiet --disable-pip-version-check --no-deps --target "$DIR" "$PKG" >"$DIR.log" 2>&1 ||
    skip "pip could not install $PKG: $(tail -n 1 "$DIR.log")"
  ptxas=$(find "$DIR" -name ptxas -type f | head -n 1)
  [ -n "$ptxas" ] || skip "$PKG holds no ptxas"
  chmod +x "$ptxas"
fi

echo "ptx-check: $("$ptxas" --version | tail -n 1)"
printf '%-12s %-7s %-40s %9s %12s %11s\n' file target kernel registers spill-stores spill-loads
status=0
for ptx in "$PTX_DIR"/*.ptx; do
  for arch in $ARCHS; do
    if ! out=$("$ptxas" -arch="$arch" -v -o /dev/null "$ptx" 2>&1); then
      echo "ptx-check: $(basename "$ptx") does not assemble for $arch:" >&2
      echo "$out" >&2
      status=1
      continue
    fi
    echo "$out" | awk -v f="$(basename "$ptx")" -v a="$arch" '
      /Compiling entry function/ { k = $0; sub(/.*function .?/, "", k); sub(/.? for .*/, "", k) }
      /spill stores/ { st = $0; sub(/^.*stack frame, /, "", st); split(st, p, " "); stores = p[1]; loads = p[5] }
      /Used [0-9]+ registers/ { r = $0; sub(/.*Used /, "", r); sub(/ registers.*/, "", r)
        printf "%-12s %-7s %-40s %9s %12s %11s\n", f, a, k, r, stores, loads
        if (stores + 0 > 0 || loads + 0 > 0) spills = 1 }
      END { if (spills) print "ptx-check: note: " f " spills registers on " a " (slower, not wrong)" }'
  done
done
exit $status
