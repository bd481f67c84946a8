// Cards that arrive: after an update, a card face that its part did not show before settles
// into place (a short fade and drop, by the Web Animations API, so the page's HTML stays what
// the server sent), unless the reader asked for less motion. The server re-sends a whole part
// when anything in it changes, so comparing the faces before and after tells what is new; the
// first table a page is sent moves nothing.
(function () {
  "use strict";

  // (a Stickers album's cards are its columns' spans after the head: they carry no class)
  var FACES = ".pcard, .st-card, .f20-card, .sk-card, .st-column > span ~ span, .sp-tile, .sp-card, .st-marker";
  var ARRIVAL = [
    { opacity: 0, transform: "translateY(-6px) scale(.94)" },
    { opacity: 1, transform: "none" },
  ];
  var less = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  var before = null;

  // Each face as its own id, the id of what holds it, its classes and its text: equal faces
  // count one more each. A face the server moved to another list (app/web/patches.py: the
  // page moves the element, its id the same) arrives there.
  function faces() {
    var seen = new Map();
    var table = document.getElementById("table");
    if (!table) return seen;
    table.querySelectorAll(FACES).forEach(function (face) {
      var part = face.parentElement ? face.parentElement.closest("[id]") : null;
      var key = face.id + "|" + (part ? part.id : "") + "|" + face.className + "|" +
        face.textContent;
      var list = seen.get(key) || [];
      list.push(face);
      seen.set(key, list);
    });
    return seen;
  }

  document.addEventListener("htmx:wsBeforeMessage", function () {
    var still = (less && less.matches) || !Element.prototype.animate;
    before = still || document.querySelector("#table .waiting") ? null : faces();
  });

  document.addEventListener("htmx:wsAfterMessage", function () {
    if (before === null || before.size === 0) return;
    faces().forEach(function (list, key) {
      list.slice((before.get(key) || []).length).forEach(function (face) {
        face.animate(ARRIVAL, { duration: 350, easing: "ease-out" });
      });
    });
    before = null;
  });
})();
