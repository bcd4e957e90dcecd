# Releases of gpuverify and the site, with goreleaser (.goreleaser.yaml).
# Included by the main Makefile (which sets GO).
#
#   make release-check        goreleaser check
#   make release-snapshot     the whole release offline into dist/, then every check
#   make release-glibc-check  build both binaries, prove they start on glibc 2.31
#   make release              the tag at HEAD, uploaded to GitHub as a draft
#
# The binaries are built inside a Debian 11 root (glibc 2.31) made once by
# debootstrap; this needs root and the Debian mirror the first time.
# verifier/release/release.sh explains the order of the steps.

GORELEASER_VERSION := v2.15.1
GORELEASER   ?= bin/goreleaser
RELEASE_ROOT ?= /var/cache/gpuplan/bullseye
RELEASE_ENV   = GORELEASER=$(GORELEASER) MAKE="$(MAKE)" GPUPLAN_BUILD_ROOT=$(RELEASE_ROOT)

.PHONY: release-check release-snapshot release-glibc-check release release-root release-tools

# About 5 minutes on 2 cores with a cold module cache.
$(GORELEASER):
	GOBIN=$(abspath $(dir $(GORELEASER))) $(GO) install github.com/goreleaser/goreleaser/v2@$(GORELEASER_VERSION)

## release-tools: the host tools the release steps use, from apt when missing.
release-tools:
	@missing=; for t in debootstrap:debootstrap unshare:util-linux objdump:binutils readelf:binutils \
	    jq:jq qemu-aarch64-static:qemu-user-static; do \
	  command -v $${t%%:*} >/dev/null 2>&1 || missing="$$missing $${t#*:}"; \
	done; \
	if [ -n "$$missing" ]; then echo "apt-get install$$missing"; \
	  apt-get update && apt-get install -y $$missing; fi

## release-root: the Debian 11 build root (gcc, aarch64 cross gcc, glibc 2.31).
release-root: release-tools
	verifier/release/root.sh $(RELEASE_ROOT)

## release-check: validate .goreleaser.yaml.
release-check: $(GORELEASER)
	$(GORELEASER) check

## release-glibc-check: build both binaries; no symbol above GLIBC_2.31, and they run on Debian 11.
release-glibc-check: $(GORELEASER) release-root
	$(RELEASE_ENV) verifier/release/release.sh glibc

## release-snapshot: archives, .deb, .rpm, checksums and the site archive in dist/, offline, checked.
release-snapshot: $(GORELEASER) release-root
	$(RELEASE_ENV) verifier/release/release.sh snapshot

## release: release the tag at HEAD to GitHub as a draft (needs GITHUB_TOKEN).
release: $(GORELEASER) release-root
	$(RELEASE_ENV) verifier/release/release.sh release
