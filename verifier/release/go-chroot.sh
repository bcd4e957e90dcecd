#!/bin/sh
# go-chroot.sh ARGS...: "go ARGS..." inside the Debian 11 build root.
#
# goreleaser calls this as its build tool (builds[].tool in .goreleaser.yaml),
# so every release binary is compiled and linked by Debian 11's gcc against
# glibc 2.31; see root.sh for why, chroot.sh for how.
exec "$(dirname "$0")/chroot.sh" go "$@"
