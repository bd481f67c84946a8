// Cards that arrive: after an update, a card face that its part did not show before is marked
// `arrived` (static/cards.css animates it, unless the reader asked for less motion). The server
// re-sends a whole part when anything in it changes, so comparing the faces before and after
// tells what is new; the first table a page is sent marks nothing.
(function () {
  "use strict";

  var FACES = ".pcard, .st-card, .f20-card, .sk-card, .sp-tile, .sp-card, .st-marker";
  var before = null;

  // Each face as its part's id, its classes and its text: equal faces count as one more each.
  function faces() {
    var table = document.getElementById("table");
    var seen = new Map();
    if (!table) return seen;
    table.querySelectorAll(FACES).forEach(function (face) {
      var part = face.closest("[id]");
      var key = (part ? part.id : "") + "|" + face.className.replace(" arrived", "") + "|" + face.textContent;
      var list = seen.get(key) || [];
      list.push(face);
      seen.set(key, list);
    });
    return seen;
  }

  document.addEventListener("htmx:wsBeforeMessage", function () {
    before = document.querySelector("#table .waiting") ? null : faces();
  });

  document.addEventListener("htmx:wsAfterMessage", function () {
    if (before === null || before.size === 0) return;
    faces().forEach(function (list, key) {
      var had = (before.get(key) || []).length;
      list.slice(had).forEach(function (face) { face.classList.add("arrived"); });
    });
    before = null;
  });
})();
