// gpuplan guard: go-app keeps the page alive only while the Go program runs.
// Component code recovers its own panics (wasm/safe.go); if one still
// escapes, the program exits and the page would silently stop reacting.
// This wraps Go.prototype.run (wasm_exec.js, loaded before this file) to
// show a visible message instead.
(function () {
  "use strict";
  if (typeof Go === "undefined" || !Go.prototype.run) {
    return;
  }
  const run = Go.prototype.run;
  Go.prototype.run = async function (instance) {
    try {
      await run.call(this, instance);
    } finally {
      showStopped();
    }
  };

  function showStopped() {
    if (document.getElementById("app-stopped")) {
      return;
    }
    const zh = (document.documentElement.lang || "").startsWith("zh");
    const box = document.createElement("div");
    box.id = "app-stopped";
    box.className = "app-stopped";
    box.setAttribute("role", "alert");
    box.textContent = zh
      ? "页面程序因内部错误停止运行。请重新加载页面。"
      : "The planner stopped after an internal error. Reload the page to continue.";
    // Outside <body>: go-app removes body children it did not create.
    document.documentElement.appendChild(box);
  }
})();
