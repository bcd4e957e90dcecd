// gpuplan queue: the prerendered page's form takes typing before app.wasm
// has loaded, but go-app replaces the prerendered nodes with its own when
// the app renders, and those start from the app's state. This script, run
// in <head> before any field exists, records the last value typed or chosen
// in each field (by element id) until the app has rendered
// (main[data-wasm="true"]), then puts each value into the field of the same
// id and fires the same events, so the app's handlers take it as typed; a
// field the user has left also gets a blur (the app shows a refused
// field's error once it is left).
(function () {
  "use strict";
  if (!window.MutationObserver || !document.addEventListener) {
    return;
  }
  var seen = {}; // id → {value, checked, types: event types in order}
  var order = []; // ids, the last changed last
  var focusID = "";
  var done = false;

  function field(el) {
    if (!el || !el.id || el.disabled) {
      return false;
    }
    var tag = el.tagName;
    if (tag === "SELECT" || tag === "TEXTAREA") {
      return true;
    }
    return tag === "INPUT" && !/^(button|submit|reset|file|hidden|image|password)$/.test(el.type);
  }
  function toggles(el) {
    return el.type === "checkbox" || el.type === "radio";
  }
  function record(el, type) {
    var r = seen[el.id];
    if (!r) {
      r = seen[el.id] = { types: [] };
    }
    if (toggles(el)) {
      r.checked = el.checked;
    } else {
      r.value = el.value;
    }
    if (r.types.indexOf(type) < 0) {
      r.types.push(type);
    }
    left(el.id, false);
    var i = order.indexOf(el.id);
    if (i >= 0) {
      order.splice(i, 1);
    }
    order.push(el.id);
  }
  function onEvent(e) {
    if (!done && field(e.target)) {
      record(e.target, e.type);
    }
  }
  document.addEventListener("input", onEvent, true);
  document.addEventListener("change", onEvent, true);
  document.addEventListener("focusin", function (e) {
    if (!done && field(e.target)) {
      focusID = e.target.id;
      left(e.target.id, false);
    }
  }, true);
  document.addEventListener("focusout", function (e) {
    var el = e.target;
    // A field the user left is still in the page a moment later; one go-app
    // removed while it had the focus is not, and gets the focus back.
    setTimeout(function () {
      if (!done && el.isConnected && field(el)) {
        left(el.id, true);
        if (focusID === el.id) {
          focusID = "";
        }
      }
    }, 0);
  }, true);
  // left notes that a typed-in field was left (or entered again).
  function left(id, yes) {
    var r = seen[id];
    if (!r) {
      return;
    }
    var i = r.types.indexOf("blur");
    if (i >= 0) {
      r.types.splice(i, 1);
    }
    if (yes) {
      r.types.push("blur");
    }
  }
  // A value the browser put back without an event (form restoration on
  // reload or back) is what the page shows: keep it as well.
  document.addEventListener("DOMContentLoaded", function () {
    var els = document.querySelectorAll("main input[id], main select[id], main textarea[id]");
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      if (!field(el) || seen[el.id]) {
        continue;
      }
      if (toggles(el) ? el.checked !== el.defaultChecked : el.tagName === "SELECT" ? restoredSelect(el) : el.value !== el.defaultValue) {
        record(el, toggles(el) || el.tagName === "SELECT" ? "change" : "input");
      }
    }
  });
  function restoredSelect(el) {
    for (var i = 0; i < el.options.length; i++) {
      if (el.options[i].selected !== el.options[i].defaultSelected) {
        return true;
      }
    }
    return false;
  }

  function replay() {
    done = true;
    observer.disconnect();
    for (var i = 0; i < order.length; i++) {
      var r = seen[order[i]];
      var el = document.getElementById(order[i]);
      if (!field(el)) {
        continue;
      }
      if (r.checked !== undefined) {
        el.checked = r.checked;
      } else {
        el.value = r.value;
        if (el.value !== r.value) {
          continue; // a choice the app's form does not offer
        }
      }
      // Each event runs the app's handler (and its render) before the
      // next one: the Go runtime returns to JavaScript only when idle.
      for (var j = 0; j < r.types.length; j++) {
        el.dispatchEvent(new Event(r.types[j], { bubbles: r.types[j] !== "blur" }));
      }
    }
    var f = focusID && document.getElementById(focusID);
    if (f && (!document.activeElement || document.activeElement === document.body)) {
      f.focus();
      if (typeof f.value === "string" && f.setSelectionRange && f.type === "text") {
        f.setSelectionRange(f.value.length, f.value.length);
      }
    }
  }
  var observer = new MutationObserver(function () {
    if (!done && document.querySelector('main[data-wasm="true"]')) {
      replay();
    }
  });
  observer.observe(document.documentElement, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["data-wasm"],
  });
})();
