// Builds the moves the table offers as shapes (templates/room/moves.html): a set of items
// (choose a step, then items within its count and points range, then send) and a point on a
// picture (x, y in the picture's own pixels). The move goes out through htmx's socket with the
// seat's version `v`, like any move button; the server checks it all again.
(function () {
  "use strict";

  function numbers(text) {
    return (text || "").split(" ").filter(Boolean).map(Number);
  }

  // A copy of the page's element that labels an item (room/moves.html's `build` with `ref`),
  // without ids: static/app.js's, as for a one-of's options.
  var copyOf = window.gamenightCopyOf;

  // The steps of a builder that has them as data (room/moves.html's `build` with
  // `step_copy`): a step per entry of data-steps ("number:items:count:total", comma-separated;
  // a count or total left out is left out of the step too), its base data-step-field set to
  // the number, labelled by the builder's template, whose data-copy placeholder names the
  // element of id data-step-copy and the number (copyLabels).
  function makeSteps(build) {
    var list = build.querySelector(".build-steps[data-steps]:not([data-made])");
    if (!list) return;
    var label = list.querySelector("template");
    list.dataset.steps.split(",").filter(Boolean).forEach(function (entry) {
      var parts = entry.split(":");
      var step = document.createElement("button");
      step.className = "build-step";
      var base = {};
      base[list.dataset.stepField] = Number(parts[0]);
      step.dataset.base = JSON.stringify(base);
      step.dataset.items = parts[1] || "";
      if (parts[2]) step.dataset.count = parts[2];
      if (parts[3]) step.dataset.total = parts[3];
      if (label) step.append(label.content.cloneNode(true));
      var slot = step.querySelector("[data-copy]");
      if (slot) slot.dataset.copy = list.dataset.stepCopy + parts[0];
      list.append(step);
    });
    list.dataset.made = "";
  }

  // A one-of's options as numbers (room/moves.html's `copies`): a button per entry of
  // data-copies (comma-separated; an entry's numbers, space-separated, go to the fields of
  // data-fields in order), labelled by copies of the page's elements of id data-copy-prefix
  // and each number, joined by data-join (each said by the list or an element around it).
  function said(list, name) {
    var by = list.closest("[data-" + name + "]");
    return by ? by.getAttribute("data-" + name) : "";
  }

  function makeCopies() {
    document.querySelectorAll("[data-copies]:not([data-made])").forEach(function (list) {
      var fields = said(list, "fields").split(" ");
      var prefix = said(list, "copy-prefix");
      var join = said(list, "join") || " ";
      list.dataset.copies.split(",").filter(Boolean).forEach(function (entry) {
        var values = numbers(entry);
        var vals = {};
        var button = document.createElement("button");
        button.setAttribute("ws-send", "");
        fields.forEach(function (field, i) {
          vals[field] = values[i];
          if (i) button.append(join);
          var slot = document.createElement("i");
          slot.dataset.copy = prefix + values[i];
          button.append(slot);
        });
        button.setAttribute("hx-vals", JSON.stringify(vals));
        list.append(" ", button);
      });
      list.dataset.made = "";
      window.gamenightProcessMade(list);
    });
  }

  // A label taken from the page (room/moves.html): an element with data-copy, the id of an
  // element the page already shows (a card in the viewer's hand, in the market), is replaced
  // by a copy of it, without its ids, with the placeholder's classes added; so a move names a
  // card without repeating its face.
  function copyLabels() {
    document.querySelectorAll("[data-copy]").forEach(function (slot) {
      var source = document.getElementById(slot.dataset.copy);
      if (!source) return;
      var copy = source.cloneNode(true);
      copy.removeAttribute("id");
      copy.querySelectorAll("[id]").forEach(function (el) { el.removeAttribute("id"); });
      slot.classList.forEach(function (name) { copy.classList.add(name); });
      slot.replaceWith(copy);
    });
  }

  // Items that come as data (`value:points`, data-items) get their checkboxes, each labelled
  // by a copy of the page's element it refers to; again whenever the list changed.
  function makeItems(build) {
    var list = build.querySelector(".build-items[data-ref]");
    if (!list || list.dataset.made === list.dataset.items) return;
    list.textContent = "";
    list.dataset.items.split(" ").filter(Boolean).forEach(function (item, index) {
      var pair = item.split(":");
      var label = document.createElement("label");
      var box = document.createElement("input");
      box.type = "checkbox";
      box.value = pair[0];
      box.dataset.points = pair[1] || "0";
      label.append(box, " ", copyOf(list, pair[0], index));
      list.append(label);
    });
    list.dataset.made = list.dataset.items;
  }

  // A builder that stays on the page between offers (room/moves.html's `build` with `ident`)
  // keeps its send button in a template: the button is there while the builder has steps.
  function makeSend(build) {
    var kept = build.querySelector(":scope > template.build-send-t");
    if (!kept) return;
    var made = build.querySelector(":scope > .build-send");
    var steps = build.querySelector(".build-step") !== null;
    if (steps && !made) {
      made = kept.content.firstElementChild.cloneNode(true);
      kept.after(made);
      if (window.htmx) window.htmx.process(made);
    } else if (!steps && made) {
      made.remove();
    }
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
    makeSteps(build);
    makeItems(build);
    copyLabels();
    makeSend(build);
    var step = chosenStep(build);
    var allowed = !step ? [] : step.dataset.items !== undefined ? numbers(step.dataset.items)
      : Array.prototype.map.call(build.querySelectorAll(".build-items input"), function (box) {
        return Number(box.value);
      }); // a step that lists no items allows every one
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
    makeCopies();
    copyLabels();
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
  // (and pinch-zoom) just like the click's coordinates, so their ratio undoes both; a frame
  // scrolled (panned) moves the rectangle with it.
  function pointOf(box, event) {
    var img = box.querySelector("img") || box;
    var rect = img.getBoundingClientRect();
    var size = sizeOf(box);
    var x = Math.floor((event.clientX - rect.left) * size[0] / rect.width);
    var y = Math.floor((event.clientY - rect.top) * size[1] / rect.height);
    return [Math.min(size[0] - 1, Math.max(0, x)), Math.min(size[1] - 1, Math.max(0, y))];
  }

  // A picture's own size: a point to pick says it (`data-size`), a viewer's picture is as
  // wide and high as its image says.
  function sizeOf(box) {
    if (box.dataset.size) return numbers(box.dataset.size);
    var img = box.querySelector(".picture-image");
    return [Number(img.getAttribute("width")), Number(img.getAttribute("height"))];
  }

  // ---- Points on the viewer's own pictures (room/parts/picture.html) -------------------
  // The moves part offers steps (the buttons of a `point-steps`, one per point: a tile to
  // look for), each with its picture's name, base action and the seat's version (what the
  // steps share is on their container); the picture, a part of its own
  // that re-renders only when the picture changes, is clicked to send the chosen step's
  // action at that point. The chosen step survives the moves part's re-rendering.
  var chosenPoint = {}; // picture name -> the chosen step's id (its action's: room/moves.html)
  var zoomOf = {}; // picture name -> zoom level, kept while the picture is re-rendered

  function stepsOf(name) {
    return Array.prototype.slice.call(
      document.querySelectorAll('.moves .point-steps[data-picture="' + name + '"] > button'));
  }

  function pointStep(name) {
    var steps = stepsOf(name);
    if (steps.length === 1) return steps[0];
    return steps.filter(function (s) { return s.id === chosenPoint[name]; })[0] || null;
  }

  function showPoints() {
    document.querySelectorAll(".picture[data-picture]").forEach(function (picture) {
      var name = picture.dataset.picture;
      var step = pointStep(name);
      if (!step) delete chosenPoint[name];
      stepsOf(name).forEach(function (s) { s.classList.toggle("chosen", s === step); });
      picture.classList.toggle("armed", step !== null);
      picture.classList.remove("sent");
      fit(picture);
      zoom(picture, 0, true);
      var img = picture.querySelector(".picture-image");
      if (img && !seen.has(img)) bringIntoView(picture);
      if (img) seen.add(img);
    });
  }

  // A picture just shown (a search begins) is brought into the window as its frame was fitted
  // (the page at its top when the whole picture fits there, else its bottom at the window's
  // bottom or its top at the window's top), whatever the player had scrolled to before;
  // afterwards the page scrolls only as the player wants. (A new image is a picture just
  // shown: the part around it stays on the page while it is gone.)
  var seen = new WeakSet();
  function bringIntoView(picture) {
    var frame = picture.querySelector(".picture-frame");
    if (!frame) return;
    var box = frame.getBoundingClientRect();
    var top = box.top + window.scrollY;
    var bottom = box.bottom + window.scrollY + FIT_MARGIN - window.innerHeight;
    window.scrollTo(window.scrollX, Math.max(0, Math.min(bottom, top)));
  }

  // Gives a picture's frame (app.css) the picture's proportions and the window's height left
  // below the frame's top when the page is scrolled to its start, so that the whole picture is
  // in view without scrolling; never less than half the window (a short one scrolls instead).
  var FIT_MARGIN = 8; // px kept free below the frame
  function fit(picture) {
    var frame = picture.querySelector(".picture-frame");
    if (!frame || !picture.querySelector(".picture-image")) return;
    var size = sizeOf(picture);
    var top = frame.getBoundingClientRect().top + window.scrollY;
    var room = Math.max(window.innerHeight - top - FIT_MARGIN, window.innerHeight / 2);
    // On the frame, not the picture: htmx copies an old element's attributes onto the one
    // replacing it by id, and a copied style attribute would break the CSP.
    frame.style.setProperty("--ratio", String(size[0] / size[1]));
    frame.style.setProperty("--fit-height", Math.floor(room) + "px");
  }

  function fitAll() {
    document.querySelectorAll(".picture[data-picture]").forEach(fit);
  }

  document.addEventListener("click", function (event) {
    var step = event.target.closest && event.target.closest(".point-steps > button");
    if (step) {
      var name = step.closest(".point-steps").dataset.picture;
      chosenPoint[name] = chosenPoint[name] === step.id ? undefined : step.id;
      var picture = document.getElementById("picture-" + name);
      if (picture) picture.querySelector(".picture-hint").hidden = true;
      showPoints();
      return;
    }
    var button = event.target.closest && event.target.closest(".picture-zoom button");
    if (button) zoom(button.closest(".picture"), Number(button.dataset.zoom), false);
  });

  // Zooms a picture inside its frame (step +1 or -1; 0 fits it), keeping the point at the
  // frame's centre where it was; `again` re-applies the level kept for its name.
  var ZOOMS = [1, 1.5, 2, 3, 4];
  function zoom(picture, step, again) {
    var name = picture.dataset.picture;
    var frame = picture.querySelector(".picture-frame");
    var img = picture.querySelector(".picture-image");
    if (!frame || !img) return;
    var level = zoomOf[name] || 1;
    if (picture.classList.contains("no-zoom")) level = 1;
    else if (!again) {
      var at = ZOOMS.indexOf(level);
      level = step === 0 ? 1 : ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, at + step))];
    }
    if (again && frame.style.getPropertyValue("--zoom") === String(level)) return;
    var cx = (frame.scrollLeft + frame.clientWidth / 2) / (frame.scrollWidth || 1);
    var cy = (frame.scrollTop + frame.clientHeight / 2) / (frame.scrollHeight || 1);
    zoomOf[name] = level;
    frame.classList.toggle("zoomed", level > 1);
    // On the frame, which a new image keeps (an element with an id has its style attribute
    // copied by htmx: the CSP forbids that).
    frame.style.setProperty("--zoom", String(level));
    frame.scrollLeft = cx * frame.scrollWidth - frame.clientWidth / 2;
    frame.scrollTop = cy * frame.scrollHeight - frame.clientHeight / 2;
  }

  // Fills the message htmx is about to send with the built move.
  document.addEventListener("htmx:wsConfigSend", function (event) {
    var el = event.target;
    var params = event.detail.parameters;
    if (el.classList.contains("picture-image")) {
      var picture = el.closest(".picture");
      var chosen = pointStep(picture.dataset.picture);
      if (!chosen || picture.classList.contains("sent")) {
        if (!chosen) picture.querySelector(".picture-hint").hidden = false;
        event.preventDefault();
        return;
      }
      var at = pointOf(picture, event.detail.triggeringEvent);
      // The steps' picture, fields and what their actions share are on their container; the
      // step holds the rest of its action: the value of the container's `field` alone, as
      // the end of its id (`steps-<image>-<value>`), or its own base (room/moves.html).
      var steps = chosen.closest(".point-steps");
      var names = steps.dataset.fields.split(" ");
      Object.assign(params, JSON.parse(steps.dataset.base), JSON.parse(chosen.dataset.base || "{}"));
      if (steps.dataset.field) params[steps.dataset.field] = chosen.id.slice(steps.id.length + 1);
      params[names[0]] = at[0];
      params[names[1]] = at[1];
      picture.classList.add("sent"); // one click, one move: until the server answers
      delete chosenPoint[picture.dataset.picture];
    } else if (el.classList.contains("build-send")) {
      var build = el.closest(".build");
      var step = chosenStep(build);
      if (!step) { event.preventDefault(); return; }
      // What the steps share may be said once, on their container (room/moves.html).
      var shared = step.parentNode.dataset.base;
      Object.assign(params, JSON.parse(shared || "{}"), JSON.parse(step.dataset.base || "{}"));
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
  document.addEventListener("htmx:wsAfterMessage", showPoints);
  document.addEventListener("DOMContentLoaded", refreshAll);
  window.addEventListener("resize", fitAll);
  // A page that swaps parts in by itself (a replay stepping through its moments) says so:
  // its pictures are fitted to the window, and the page is not brought to them.
  document.addEventListener("gamenight:swapped", function () {
    makeCopies();
    copyLabels();
    document.querySelectorAll(".picture[data-picture]").forEach(function (picture) {
      fit(picture);
      zoom(picture, 0, true);
      var img = picture.querySelector(".picture-image");
      if (img) seen.add(img);
    });
  });
})();
