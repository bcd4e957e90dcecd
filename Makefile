# gpuplan: one Go module, two faces (the planner site and the gpuverify CLI).
# Every step a user or CI needs is a target here; see README.md.

GO       ?= go
PORT     ?= 8000
VERSION  ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
COMMIT   ?= $(shell git rev-parse --short HEAD 2>/dev/null || echo none)
DATE     ?= $(shell date -u +%Y-%m-%dT%H:%M:%SZ)
FUZZTIME ?= 20s
LDFLAGS  := -X main.version=$(VERSION) -X main.commit=$(COMMIT) -X main.date=$(DATE)
export CGO_CFLAGS := -Wno-deprecated-declarations

.PHONY: all test test-deps test-go test-wasm test-slurm verifier fuzz bench fmt fmt-check vet golden clean

all: verifier site

## test: every test: Go unit tests, the wasm build check, browser tests.
## test-deps first installs the host tools it needs, saying what and why.
test: test-deps fmt-check vet test-go test-wasm test-browser test-slurm test-ptx

# The host tools make test runs, as "command:Debian package". Slurm's are
# needed only with REQUIRE_SLURM=1 (CI); without them test-slurm skips.
TEST_TOOLS  := gcc:gcc chromium:chromium ssh-keygen:openssh-client
SLURM_TOOLS := slurmctld:slurm-wlm slurmd:slurm-wlm munged:munge

## test-deps: make sure the host tools make test runs are there. A missing
## one is named with its Debian package and why it is needed, then installed
## with apt-get (as root, or through sudo when it needs no password), never
## silently. NO_INSTALL=1 only names them and fails; so does a user who can
## neither be root nor use sudo, with the command to give an administrator.
## .ci/run installs them before make test.
test-deps:
	@missing=""; \
	for t in $(TEST_TOOLS) $(if $(filter 1,$(REQUIRE_SLURM)),$(SLURM_TOOLS)); do \
	  command -v $${t%%:*} >/dev/null 2>&1 || missing="$$missing $${t#*:}"; \
	done; \
	if [ -n "$$missing" ]; then \
	  pkgs=$$(echo $$missing | tr ' ' '\n' | sort -u | tr '\n' ' '); \
	  echo "make test needs Debian packages that are missing: $$pkgs"; \
	  echo "  (gcc: go-nvml's cgo; chromium: the browser tests; openssh-client: ssh-keygen checks the signatures; slurm-wlm, munge: test-slurm)"; \
	  cmd="apt-get update && apt-get install -y $$pkgs"; \
	  if [ -n "$(NO_INSTALL)" ]; then echo "install them (as root): $$cmd"; exit 1; fi; \
	  if [ "$$(id -u)" = 0 ]; then sudo=""; \
	  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo"; \
	  else echo "you are not root and sudo asks for a password: run, as root: $$cmd"; echo "(or make test NO_INSTALL=1 to only list them)"; exit 1; fi; \
	  echo "installing them now: $$sudo $$cmd   (make test NO_INSTALL=1 only lists them)"; \
	  $$sudo env DEBIAN_FRONTEND=noninteractive sh -c "$$cmd" || { echo "apt-get failed: install $$pkgs yourself and run make test again"; exit 1; }; \
	fi; \
	for t in $(SLURM_TOOLS); do \
	  command -v $${t%%:*} >/dev/null 2>&1 || { echo "note: $${t%%:*} missing, test-slurm will skip (apt-get install -y slurm-wlm munge; REQUIRE_SLURM=1 makes it fail)"; break; }; \
	done

test-go:
	$(GO) test -count=1 ./...

## test-wasm: shared/ and wasm/ must build for the browser.
test-wasm:
	GOOS=js GOARCH=wasm $(GO) vet ./shared/... ./wasm/...

## test-slurm: a real single-host Slurm (slurm-wlm, munge) runs deploy/slurm/gpuverify.sbatch
## with the fake libnvidia-ml; skips without the packages unless REQUIRE_SLURM=1 (CI).
test-slurm:
	deploy/slurm/test-slurm.sh

## verifier: build bin/gpuverify.
verifier:
	CGO_ENABLED=1 $(GO) build -trimpath -ldflags "$(LDFLAGS)" -o bin/gpuverify ./verifier

## fuzz: run every fuzz target for FUZZTIME each.
fuzz:
	@set -e; for pkg in $$($(GO) list ./...); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg 2>/dev/null | grep '^Fuzz'); do \
	    echo "== $$pkg $$f"; $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 200x $$pkg; \
	  done; done

## bench: every Go benchmark.
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./shared/... ./verifier/...

fmt:
	gofmt -s -w $$(git ls-files -co --exclude-standard '*.go')

fmt-check:
	@out=$$(gofmt -s -l $$(git ls-files -co --exclude-standard '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

## golden: rewrite golden files (every package whose tests call the test kit's
## golden checks, internal/testkit); review with git diff.
golden:
	@set -e; for d in $$(grep -rlE 'testkit\.(Golden|Rendered|Section|Updating)\(' --include='*_test.go' shared verifier wasm | xargs -n1 dirname | sort -u); do \
	  echo "== $$d"; $(GO) test -count=1 ./$$d -update; done

clean:
	rm -rf bin build site

include wasm/site.mk
include verifier/release.mk
include verifier/bench.mk
