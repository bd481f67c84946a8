// Builds the moves the table offers as shapes (templates/room/moves.html): a set of items
// (choose a step, then items within its count and points range, then send) and a point on a
// picture (x, y in the picture's own pixels). The move goes out through htmx's socket with the
// seat's version `v`, like any move button; the server checks it all again.
(function () {
  "use strict";

  function numbers(text) {
    return (text || "").split(" ").filter(Boolean).map(Number);
  }

  function chosenStep(build) {
    var steps = build.querySelectorAll(".build-step");
    if (steps.length === 1) return steps[0];
    return build.querySelector(".build-step.chosen");
  }

  function checked(build) {
    return Array.prototype.slice.call(build.querySelectorAll(".build-items input:checked"));
  }

  // Shows what the chosen step allows: its items enabled, the count and the running total
  // against its range; the send button only for a set the step allows.
  function refresh(build) {
    var step = chosenStep(build);
    var allowed = step ? numbers(step.dataset.items) : [];
    var count = step ? numbers(step.dataset.count) : [1, 0];
    var range = step && step.dataset.total ? numbers(step.dataset.total) : null;
    build.querySelectorAll(".build-items input").forEach(function (box) {
      var ok = allowed.indexOf(Number(box.value)) >= 0;
      if (!ok) box.checked = false;
      box.disabled = !ok;
    });
    var picked = checked(build);
    if (picked.length >= count[1]) {
      build.querySelectorAll(".build-items input:not(:checked)").forEach(function (box) {
        box.disabled = true;
      });
    }
    var total = picked.reduce(function (sum, box) { return sum + Number(box.dataset.points); }, 0);
    var fits = step !== null && picked.length >= count[0] && picked.length <= count[1] &&
      (!range || (total >= range[0] && total <= range[1]));
    var shown = build.querySelector(".build-count");
    if (shown) shown.textContent = String(picked.length);
    shown = build.querySelector(".build-total");
    if (shown) shown.textContent = String(total);
    shown = build.querySelector(".build-range");
    if (shown) shown.textContent = range ? "(" + range[0] + "–" + range[1] + ")" : "";
    build.classList.toggle("fits", fits);
    var send = build.querySelector(".build-send");
    if (send) send.disabled = !fits;
  }

  function refreshAll() {
    document.querySelectorAll(".moves .build").forEach(refresh);
  }

  document.addEventListener("click", function (event) {
    var step = event.target.closest && event.target.closest(".build-step");
    if (!step) return;
    var build = step.closest(".build");
    var was = step.classList.contains("chosen");
    build.querySelectorAll(".build-step").forEach(function (b) { b.classList.remove("chosen"); });
    if (!was) step.classList.add("chosen");
    refresh(build);
  });

  document.addEventListener("change", function (event) {
    var build = event.target.closest && event.target.closest(".build");
    if (build) refresh(build);
  });

  // The point of a click in a picture's own pixels: the rectangle on screen is scaled by CSS
  // (and pinch-zoom) just like the click's coordinates, so their ratio undoes both.
  function pointOf(box, event) {
    var img = box.querySelector("img") || box;
    var rect = img.getBoundingClientRect();
    var size = numbers(box.dataset.size);
    var x = Math.floor((event.clientX - rect.left) * size[0] / rect.width);
    var y = Math.floor((event.clientY - rect.top) * size[1] / rect.height);
    return [Math.min(size[0] - 1, Math.max(0, x)), Math.min(size[1] - 1, Math.max(0, y))];
  }

  // Fills the message htmx is about to send with the built move.
  document.addEventListener("htmx:wsConfigSend", function (event) {
    var el = event.target;
    var params = event.detail.parameters;
    if (el.classList.contains("build-send")) {
      var build = el.closest(".build");
      var step = chosenStep(build);
      if (!step) { event.preventDefault(); return; }
      Object.assign(params, JSON.parse(step.dataset.base));
      params[build.dataset.field] = checked(build).map(function (box) { return Number(box.value); });
    } else if (el.classList.contains("point-pick")) {
      var fields = el.dataset.fields.split(" ");
      var point = pointOf(el, event.detail.triggeringEvent);
      Object.assign(params, JSON.parse(el.dataset.base));
      params[fields[0]] = point[0];
      params[fields[1]] = point[1];
    }
  });

  // app.js enables every move button when a message arrives; a builder's send button stays
  // disabled until its set fits.
  document.addEventListener("htmx:wsAfterMessage", refreshAll);
  document.addEventListener("DOMContentLoaded", refreshAll);
})();
