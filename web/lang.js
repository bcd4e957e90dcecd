// gpuplan lang: every page is prerendered in Chinese (at /cost) and in
// English (at /en/cost); the app's own addresses carry the language in
// ?lang= (wasm/internal/sitegen/lang.go). A static host cannot choose a
// file by query, so this script, run in <head> before go-app's deferred
// scripts, loads the prerender of the language the app will show, and on
// an /en/ address puts back the app's address (/cost?lang=en) before
// go-app's router reads it. It picks the language as the app does
// (pickLang in wasm/internal/form/state.go): ?lang=, then the saved one, then the
// browser's; an /en/ address without ?lang= asks for English.
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !window.history || !window.URLSearchParams) {
    return;
  }
  var prefix = new URL(script.src).pathname.replace(/\/web\/lang\.js$/, "");
  var loc = window.location;
  if (loc.pathname.indexOf(prefix) !== 0) {
    return;
  }
  // "//en/cost" is a path on this host; written back as it is, a browser
  // would read it as the host "en". Leading slashes collapse to one.
  var path = "/" + loc.pathname.slice(prefix.length).replace(/^\/+/, "");
  var onEn = path === "/en" || path.indexOf("/en/") === 0;
  var route = onEn ? path.slice(3) || "/" : path;
  var query = new URLSearchParams(loc.search);
  var page = (document.documentElement.lang || "").indexOf("zh") === 0 ? "zh" : "en";

  function saved() {
    try {
      var s = JSON.parse(window.localStorage.getItem("gpuplan.state") || "{}");
      return s && (s.lang === "zh" || s.lang === "en") ? s.lang : "";
    } catch (e) {
      return "";
    }
  }
  function browser() {
    var tag = (navigator.language || "").toLowerCase();
    return tag.indexOf("zh") === 0 ? "zh" : "en";
  }

  // A redirect this script made for the saved or the browser language
  // leaves the address without ?lang=, as the app would; an /en/ address
  // someone opened asks for English, which ?lang=en then says.
  var implicit = false;
  try {
    implicit = window.sessionStorage.getItem("gpuplan.lang-implicit") === "1";
    window.sessionStorage.removeItem("gpuplan.lang-implicit");
  } catch (e) {}

  // ?lang= is a BCP 47 tag (zh, zh-CN, zh-Hans, zh-TW, en, en-US, en-GB):
  // its primary subtag picks the page, as msg.ParseLang (shared/msg/lang.go)
  // does.
  function tagLang(tag) {
    var primary = String(tag || "").trim().split(/[-_]/)[0].toLowerCase();
    return primary === "zh" || primary === "en" ? primary : "";
  }
  var want = tagLang(query.get("lang"));
  var explicit = want !== "";
  if (!explicit) {
    want = onEn && !implicit ? "en" : saved() || browser();
  }
  // sameHost is url as an address on this page's host, or "" when it
  // would leave it.
  function sameHost(url) {
    var u = new URL(url, loc.href);
    return u.origin === loc.origin ? u.pathname + u.search + u.hash : "";
  }

  if (want !== page) {
    if (!explicit) {
      try {
        window.sessionStorage.setItem("gpuplan.lang-implicit", "1");
      } catch (e) {}
    }
    var file = want === "en" ? prefix + "/en" + (route === "/" ? "/" : route) : prefix + route;
    var to = sameHost(file + loc.search + loc.hash);
    if (to) {
      loc.replace(to);
    }
    return;
  }
  if (onEn) {
    if (!explicit && !implicit) {
      query.set("lang", "en");
    }
    var search = query.toString();
    var here = sameHost(prefix + route + (search ? "?" + search : "") + loc.hash);
    if (here) {
      window.history.replaceState(window.history.state, "", here);
    }
  }
})();
