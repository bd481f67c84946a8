// Keyboard and screen-reader help for the room: focus kept on the controls the server swaps,
// and "your turn" said politely. Loaded after app.js and moves.js, so that when a message has
// arrived the move buttons are enabled again before focus is put back on one.
(function () {
  "use strict";

  var CONTROLS = "button, input, select, textarea, a[href], summary, [tabindex]:not([tabindex='-1'])";

  function room() { return document.getElementById("room"); }

  function movesPart() {
    var r = room();
    return r && r.dataset.movesPart ? document.getElementById(r.dataset.movesPart) : null;
  }

  // What names a control across a re-render: its tag, id, the values it sends less the
  // version (every move bumps it), what it builds, picks or points at, and its text.
  function keyOf(el) {
    var vals = el.getAttribute("hx-vals");
    if (vals) {
      try { var sent = JSON.parse(vals); delete sent.v; vals = JSON.stringify(sent); } catch (e) { /* kept as it is */ }
    }
    var data = el.dataset || {};
    return [el.tagName, el.id, vals, data.base, data.pick, data.spot, data.zoom, el.value,
      (el.textContent || "").replace(/\s+/g, " ").trim()].join("|");
  }

  // The part a control belongs to: the nearest element with an id (a part, or a slot in one).
  function partOf(el) {
    for (var p = el; p && p !== document.body; p = p.parentElement) {
      if (p.id) return p.id;
    }
    return null;
  }

  function usable(el) {
    return !el.disabled && !el.closest("[hidden]") && el.getClientRects().length > 0;
  }

  function controlsIn(container) {
    if (!container) return [];
    return Array.prototype.filter.call(container.querySelectorAll(CONTROLS), usable);
  }

  // ---- Focus kept where the player was -------------------------------------------------
  // The server replaces whole parts (htmx out-of-band swaps); a focused control replaced,
  // or disabled while a move is sent (app.js), leaves focus on the page's body, and the next
  // move would take many Tabs. After each message focus goes back to the same control if it
  // is still there, else to the first control of its part, else of the moves part, else to
  // the moves part itself (waiting for the next turn: its controls then get focus).
  var remembered = null; // {key, part, moves}

  document.addEventListener("focusin", function (event) {
    var r = room();
    if (!r || !r.contains(event.target)) { remembered = null; return; }
    var moves = movesPart();
    remembered = {
      key: keyOf(event.target),
      part: partOf(event.target),
      moves: moves !== null && moves.contains(event.target),
    };
  });

  // Focus the person moved away themselves (a click or tap outside any control) is not
  // brought back; focus lost to a swap, a disabled button or another window is. (Not told
  // by focusout: a removed or disabled control may fire it too.)
  // The page scrolls to the control only for a keyboard player: a mouse or a finger that
  // pressed a move keeps the page where it is.
  var byKeys = false;
  document.addEventListener("pointerdown", function (event) {
    byKeys = false;
    if (!(event.target.closest && event.target.closest(CONTROLS))) remembered = null;
  });
  document.addEventListener("keydown", function () { byKeys = true; });

  function focusLost() {
    var active = document.activeElement;
    return !active || active === document.body || !active.isConnected;
  }

  function sameControl(key, containers) {
    for (var i = 0; i < containers.length; i++) {
      var found = controlsIn(containers[i]).filter(function (el) { return keyOf(el) === key; });
      if (found.length) return found[0];
    }
    return null;
  }

  function bringFocusBack() {
    var moves = movesPart();
    if (moves && document.activeElement === moves) {
      // Waiting on the moves part for the next turn: its controls get focus once they came.
      // A moves part kept on the page between turns is patched, not replaced, so the focus
      // put on it is not lost when they come.
      var first = controlsIn(moves)[0];
      if (first) first.focus({ preventScroll: !byKeys });
      return;
    }
    if (!remembered || !focusLost()) return;
    var part = remembered.part ? document.getElementById(remembered.part) : null;
    var target = sameControl(remembered.key, [moves, part, room()]) ||
      controlsIn(part)[0] || (part && part.matches(CONTROLS) && usable(part) ? part : null) ||
      controlsIn(moves)[0] || null;
    if (!target && moves && (remembered.moves || part === null)) {
      moves.setAttribute("tabindex", "-1"); // focusable by script only, not a Tab stop
      target = moves;
    }
    if (target) target.focus({ preventScroll: !byKeys });
  }

  document.addEventListener("htmx:wsAfterMessage", bringFocusBack);

  // ---- "Your turn", said politely -----------------------------------------------------
  // app.js tells when the viewer's moves come and go (gamenight:turn); a status region that
  // the server never swaps says it once each time the turn comes.
  document.addEventListener("gamenight:turn", function (event) {
    var news = document.getElementById("turn-news");
    if (!news) return;
    news.textContent = event.detail.yours ? news.dataset.say : "";
  });
})();
