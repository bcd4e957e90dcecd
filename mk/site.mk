# Site targets (placeholder until the planner site lands).
.PHONY: site run test-browser bench-site

site:
	mkdir -p build/site && printf '<!doctype html><title>gpuplan</title><h1>gpuplan planner</h1><p>coming soon</p>\n' > build/site/index.html

run: site
	cd build/site && python3 -m http.server $(PORT) --bind 127.0.0.1

test-browser:
	@echo "browser tests: none yet"

bench-site:
	@echo "bench-site: none yet"
