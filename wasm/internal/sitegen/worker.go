package sitegen

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// scriptPatch replaces one exact block of a go-app script (the worker template, app.js).
type scriptPatch struct {
	why      string
	old, new string
}

// workerPatches fix three problems of go-app v10.1.11's worker, each seen in
// chromium:
//   - install and activate are async listeners without waitUntil, so a failed
//     precache is swallowed and the worker still reports "activated" with an
//     empty cache: offline then fails silently;
//   - pages are cached without a query string, and the plan lives in the
//     query, so an offline shared link missed the cache;
//   - under a sub-path the precache holds "/repo", which the host redirects to
//     "/repo/"; offline navigation to "/repo/" missed, and a redirected
//     response cannot answer a navigation.
var workerPatches = []scriptPatch{
	{
		why: "install: fail when the precache fails",
		old: `self.addEventListener("install", async (event) => {
  try {
    console.log("installing app worker {{.Version}}");
    await installWorker();
    await self.skipWaiting();
  } catch (error) {
    console.error("error during installation:", error);
  }
});`,
		new: `self.addEventListener("install", (event) => {
  console.log("installing app worker {{.Version}}");
  // gpuplan: waitUntil makes a failed precache fail the install, instead of
  // activating a worker whose cache is empty.
  event.waitUntil(installWorker().then(() => self.skipWaiting()));
});`,
	},
	{
		why: "activate: finish cleanup and claim before reporting activated",
		old: `self.addEventListener("activate", async (event) => {
  try {
    await deletePreviousCaches(); // Await cache cleanup
    await self.clients.claim(); // Ensure the service worker takes control of the clients
    console.log("app worker {{.Version}} is activated");
  } catch (error) {
    console.error("error during activation:", error);
  }
});`,
		new: `self.addEventListener("activate", (event) => {
  // gpuplan: waitUntil, so the worker controls the page once it is active.
  event.waitUntil((async () => {
    await deletePreviousCaches();
    await self.clients.claim();
    console.log("app worker {{.Version}} is activated");
  })());
});`,
	},
	{
		why: "fetch: match pages without their query and without a trailing slash",
		old: `async function fetchWithCache(request) {
  const cachedResponse = await caches.match(request);
  if (cachedResponse) {
    return cachedResponse;
  }
  return await fetch(request);
}`,
		new: `async function fetchWithCache(request) {
  let cached = await caches.match(request);
  if (!cached && request.mode === "navigate") {
    // gpuplan: the plan lives in the query string; pages are cached without it.
    const url = new URL(request.url);
    url.search = "";
    url.hash = "";
    cached = await caches.match(url.href);
    // Sub-path hosting: the precache holds "/repo", the host serves "/repo/".
    if (!cached && url.pathname.length > 1 && url.pathname.endsWith("/")) {
      url.pathname = url.pathname.slice(0, -1);
      cached = await caches.match(url.href);
    }
  }
  if (!cached) {
    return await fetch(request);
  }
  if (cached.redirected) {
    // A redirected response may not answer a navigation; copy it.
    return new Response(cached.body, {
      status: cached.status,
      statusText: cached.statusText,
      headers: cached.headers,
    });
  }
  return cached;
}`,
	},
}

// patchWorker applies workerPatches to tmpl. Each block must occur exactly
// once: a go-app upgrade that changes the template fails the build here
// instead of shipping an unpatched worker.
func patchWorker(tmpl string) (string, error) {
	for _, p := range workerPatches {
		if n := strings.Count(tmpl, p.old); n != 1 {
			return "", fmt.Errorf("service-worker patch %q: the go-app template holds its block %d times, want 1", p.why, n)
		}
		tmpl = strings.Replace(tmpl, p.old, p.new, 1)
	}
	return tmpl, nil
}

// workerTemplate is go-app's default template with workerPatches applied.
func workerTemplate() (string, error) {
	return patchWorker(app.DefaultAppWorkerJS)
}

// appJSPatches fix two things in go-app's app.js:
//   - a first visit announced an update: go-app checks for a controlling
//     worker when the new one activates, and by then the new worker has
//     claimed the page (clients.claim above), so every first visit logged
//     "has been updated, reload to see changes". The patched script asks
//     whether a worker controlled the page when the new one was found;
//   - the worker was registered as the page started, and its install
//     downloads everything it precaches, app.wasm among them (about 2 MB),
//     while the page downloads app.wasm itself: on a first visit over a
//     phone network the two shared the bandwidth, and registered once
//     app.wasm has arrived, the install's work slowed the app's start on a
//     slow CPU. The app registers it once its first page is on screen;
//     the patched script only where no app runs.
var appJSPatches = []scriptPatch{
	{
		why: "a first install is not an update",
		old: `    const newSW = registration.installing;
    newSW.addEventListener("statechange", (event) => {
      if (!navigator.serviceWorker.controller) {
        return;
      }`,
		new: `    const newSW = registration.installing;
    // gpuplan: a first install is not an update.
    const hadWorker = Boolean(navigator.serviceWorker.controller);
    newSW.addEventListener("statechange", (event) => {
      if (!hadWorker) {
        return;
      }`,
	},
	{
		why: "register the worker once the app is on screen",
		old: `goappInitServiceWorker();
goappWatchForUpdate();`,
		new: `// gpuplan: the app registers the worker once its first page is on screen
// (wasm/main.go, startWorker); a page that loads no app, or fails to,
// registers it here.
goappWatchForUpdate();`,
	},
	{
		why: "register the worker where app.wasm is not loaded",
		old: `  if (!goappCanLoadWebAssembly()) {
    loader.remove();
    return;
  }`,
		new: `  if (!goappCanLoadWebAssembly()) {
    loader.remove();
    goappInitServiceWorker();
    return;
  }`,
	},
	{
		why: "register the worker where app.wasm failed to load",
		old: `    loaderLabel.innerText = err;
    console.error("loading wasm failed: ", err);`,
		new: `    loaderLabel.innerText = err;
    console.error("loading wasm failed: ", err);
    goappInitServiceWorker();`,
	},
}

// patchAppJS applies appJSPatches to the app.js in dir; each block must
// occur exactly once, so a go-app upgrade that changes one fails the build.
func patchAppJS(dir string) error {
	path := filepath.Join(dir, "app.js")
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	js := string(b)
	for _, p := range appJSPatches {
		if n := strings.Count(js, p.old); n != 1 {
			return fmt.Errorf("app.js patch %q: go-app's app.js holds its block %d times, want 1", p.why, n)
		}
		js = strings.Replace(js, p.old, p.new, 1)
	}
	return os.WriteFile(path, []byte(js), 0o644)
}
