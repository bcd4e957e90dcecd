# The planner site: build, serve, browser tests and size/speed bench.
# Included by the main Makefile (which sets GO and PORT) as wasm/site.mk.
#
#   make site                  static site in build/site
#   make site PREFIX=/gpuplan  the same for hosting under a sub-path
#   make site RELEASE_JSON=build/release/release.json
#                              with the downloads of a release listed
#   make run                   build and serve on http://127.0.0.1:$(PORT)
#                              (PORT=8001 for another port); the server
#                              keeps serving across later make site runs
#   make test-browser          chromium tests of the real site (wasm/e2e)
#   make bench-site            app.wasm sizes, load times, input-to-plan latency

SITE_DIR ?= build/site
PREFIX   ?=
DOMAIN   ?=
# The release manifest (verifier/release/release-json.sh) whose gpuverify
# downloads the acceptance page lists, checked and embedded by the
# generator (also copied to the site root). Empty: the page says there is
# no published release for this build.
RELEASE_JSON ?=
# Brotli quality: 11 is the smallest (app.wasm ~1.50 MB) but takes ~20 s per
# new app.wasm; results are cached in build/cache by content hash, so an
# unchanged app.wasm costs nothing. 9 takes ~1.3 s and is ~13% bigger.
# make site and the release use BROTLI_Q; make run, which rebuilds after
# every edit, uses the fast RUN_BROTLI_Q.
# gzip -9 of app.wasm takes as long again (~8 s on a busy machine); every
# browser asks for brotli, so make run writes a quick gzip (level 1).
BROTLI_Q ?= 11
RUN_BROTLI_Q ?= 5
GZIP_LEVEL ?= 9
RUN_GZIP_LEVEL ?= 1
# Browser-test sites: one at the root, one under a sub-path.
E2E_PREFIX ?= /gpuplan
E2E_FLAGS  ?=
BENCH_RUNS ?= 7

# Everything the wasm app and the generator are built from.
SITE_SRC := $(shell find wasm shared -name '*.go' -not -name '*_test.go' \
	-not -path 'wasm/e2e/*' -not -path 'wasm/cmd/*' 2>/dev/null) go.mod go.sum
SERVE_SRC := $(wildcard wasm/cmd/serve/*.go wasm/sitesrv/*.go)
WASM_EXEC = $(shell $(GO) env GOROOT)/lib/wasm/wasm_exec.js

.PHONY: site run test-browser bench-site

# The browser build. -s -w saves ~2.5%; the generator is kept out by its
# build tag (wasm/gen.go). WASM_GCFLAGS turns inlining off: inlined go-app
# builders, decimal helpers and standard-library calls copy their code into
# every call site, and the wasm backend makes each copy large. Measured on
# 2026-12-02 (brotli, quality 11): 2,359,444 bytes with it off everywhere
# but the runtime, 2,340,700 with it off everywhere; make bench-site showed
# no change in the planner's input latency beyond its run-to-run noise
# between the two (medians 16.6 and 16.4 ms, seven runs each, on a loaded
# machine).
WASM_GCFLAGS ?= -gcflags='all=-l'

# app.wasm is built against go-app v10.1.11 with three files changed, each
# saying what and why in wasm/goapp-overlay/<file>.overlay: route.go (about
# 79 KB of the brotli download) and http.go and resource.go, which keep
# net/http and the TLS stack it brings out of the browser build (about
# 300 KB). Go refuses an -overlay of a file in the module cache, so the
# build copies the module's packages into build/goapp, lays the files over
# theirs and points a copy of go.mod at it (-modfile); go.mod itself, the
# native builds and the tests use go-app as released. TestGoAppOverlay
# checks the files against the module's, and the app.wasm rule fails if
# net/http is linked again.
GOAPP_OVERLAYS := $(wildcard wasm/goapp-overlay/*.go.overlay)

build/wasm.go.mod: go.mod go.sum $(GOAPP_OVERLAYS) wasm/site.mk
	@mkdir -p build
	rm -rf build/goapp
	mkdir -p build/goapp
	$(GO) mod download github.com/maxence-charriere/go-app/v10
	mod=$$($(GO) list -m -f '{{.Dir}}' github.com/maxence-charriere/go-app/v10) && \
	  cp -r "$$mod/go.mod" "$$mod/LICENSE" "$$mod/pkg" build/goapp/
	chmod -R u+w build/goapp
	for f in $(GOAPP_OVERLAYS); do cp $$f build/goapp/pkg/app/$$(basename $$f .overlay); done
	cp go.sum build/wasm.go.sum
	{ cat go.mod; echo 'replace github.com/maxence-charriere/go-app/v10 => ./build/goapp'; } > $@.tmp
	mv $@.tmp $@

build/app.wasm: $(SITE_SRC) wasm/site.mk build/wasm.go.mod
	@mkdir -p build
	@if GOOS=js GOARCH=wasm $(GO) list -modfile=build/wasm.go.mod -deps ./wasm | grep -qx net/http; then \
	  echo "app.wasm would link net/http: see wasm/goapp-overlay/http.go.overlay"; exit 1; fi
	GOOS=js GOARCH=wasm $(GO) build -modfile=build/wasm.go.mod -trimpath $(WASM_GCFLAGS) -ldflags='-s -w' -o $@ ./wasm
	@touch $@ # go build leaves an up-to-date file untouched; make compares times

# The same package built natively is the generator.
build/gen: $(SITE_SRC)
	@mkdir -p build
	$(GO) build -trimpath -o $@ ./wasm
	@touch $@

build/serve: $(SERVE_SRC) go.mod
	@mkdir -p build
	$(GO) build -trimpath -o $@ ./wasm/cmd/serve
	@touch $@

## site: write the static site into SITE_DIR (PREFIX=/sub for a sub-path).
## It is written beside SITE_DIR and renamed in, so a running make run
## (which re-opens SITE_DIR per request) never sees a half-written site.
site: build/app.wasm build/gen
	@case "$(SITE_DIR)" in build/?*) ;; *) echo "SITE_DIR must be under build/"; exit 2;; esac
	rm -rf $(SITE_DIR).tmp $(SITE_DIR).old
	build/gen -out $(SITE_DIR).tmp -wasm build/app.wasm -wasm-exec $(WASM_EXEC) -web web \
		-prefix '$(PREFIX)' -domain '$(DOMAIN)' -brotli-quality $(BROTLI_Q) -gzip-level $(GZIP_LEVEL) -cache build/cache \
		$(if $(RELEASE_JSON),-release '$(RELEASE_JSON)')
	@if [ -e $(SITE_DIR) ]; then mv $(SITE_DIR) $(SITE_DIR).old; fi
	mv $(SITE_DIR).tmp $(SITE_DIR)
	rm -rf $(SITE_DIR).old

## run: build the site (fast brotli) and serve it on http://127.0.0.1:$(PORT).
## A busy port is reported before anything is built.
run: build/serve
	@build/serve -addr 127.0.0.1:$(PORT) -check-port
	$(MAKE) --no-print-directory site BROTLI_Q=$(RUN_BROTLI_Q) GZIP_LEVEL=$(RUN_GZIP_LEVEL)
	build/serve -dir $(SITE_DIR) -addr 127.0.0.1:$(PORT) -prefix '$(PREFIX)'

## test-browser: chromium tests of the built site, at the root and under E2E_PREFIX.
test-browser:
	@$(MAKE) --no-print-directory test-deps TEST_TOOLS=chromium:chromium
	$(MAKE) --no-print-directory site SITE_DIR=build/site PREFIX=
	$(MAKE) --no-print-directory site SITE_DIR=build/site-prefixed PREFIX=$(E2E_PREFIX)
	GPUPLAN_SITE=$(CURDIR)/build/site \
	GPUPLAN_SITE_PREFIXED=$(CURDIR)/build/site-prefixed GPUPLAN_PREFIX=$(E2E_PREFIX) \
		$(GO) test ./wasm/e2e/ -count=1 -timeout 40m $(E2E_FLAGS)

## bench-site: app.wasm sizes, and for every page of the journey (or the
## ids in BENCH_PAGES=poc,renewal) the cold and warm load and the time from
## an input to the updated figures in chromium, with the planner's Compute.
bench-site: site
	@$(MAKE) --no-print-directory test-deps TEST_TOOLS=chromium:chromium
	$(GO) run ./wasm/cmd/benchsite -dir $(SITE_DIR) -prefix '$(PREFIX)' -runs $(BENCH_RUNS) \
		$(if $(BENCH_PAGES),-pages '$(BENCH_PAGES)')
