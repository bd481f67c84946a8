// The room page's layout: the phone's drawer with the seats, the invite and the room's
// controls, and the log kept at its newest line. A file, so the Content-Security-Policy can
// forbid inline code; without scripts there is no drawer (static/app.css makes one only on a
// page marked `js`) and the side stays on the page below the table.
(function () {
  "use strict";

  function side() { return document.getElementById("room-side"); }

  function setOpen(open) {
    var drawer = side();
    if (!drawer) return;
    drawer.classList.toggle("open", open);
    document.querySelectorAll('[aria-controls="room-side"]').forEach(function (button) {
      button.setAttribute("aria-expanded", String(open));
    });
    var target = open ? drawer.querySelector(".menu-close") : document.querySelector(".menu-toggle");
    if (target && target.offsetParent !== null) target.focus();
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest('[aria-controls="room-side"]');
    if (button) setOpen(button.classList.contains("menu-toggle") && !side().classList.contains("open"));
  });

  document.addEventListener("keydown", function (event) {
    var drawer = side();
    if (event.key === "Escape" && drawer && drawer.classList.contains("open")) setOpen(false);
  });

  // On a wide screen the rail (the side and the log) is as tall as the window leaves below its
  // place on the page, so the log's end is in view with the page at its top as when it is
  // scrolled (the rail then sticks to the window's top): static/app.css reads --rail-top.
  function fitRail() {
    var rail = document.querySelector(".rail");
    if (!rail) return;
    rail.style.setProperty("--rail-top", "0px");
    var top = rail.getBoundingClientRect().top + window.scrollY;
    rail.style.setProperty("--rail-top", Math.round(top) + "px");
  }

  document.addEventListener("DOMContentLoaded", fitRail);
  window.addEventListener("resize", fitRail);

  // The log follows its newest line as lines arrive and as it changes size (the window
  // turned, the side beside it grew), unless the reader has scrolled up to read an older one
  // (then it stays where they are until they scroll back to the end).
  var SLACK_PX = 24;
  var following = true;
  var watched = null;
  var resized = window.ResizeObserver ? new ResizeObserver(follow) : null;

  var left = null; // where follow() left the log: the element, its scroll and its size

  function log() { return document.getElementById("log"); }

  function atEnd(el) { return el.scrollHeight - el.scrollTop - el.clientHeight <= SLACK_PX; }

  function follow() {
    var el = log();
    if (!el) return;
    if (following) el.scrollTop = el.scrollHeight;
    left = { el: el, top: el.scrollTop, width: el.clientWidth, height: el.clientHeight };
  }

  document.addEventListener("scroll", function (event) {
    var el = log();
    if (event.target === el) following = atEnd(el);
  }, true);

  // A scroll event comes a frame after its scroll, so a reader who scrolled up just before a
  // message arrives is seen where the log stands then: above where follow() left it, at the
  // same size (a resize moves the scroll too, and the observer above follows it).
  document.addEventListener("htmx:wsBeforeMessage", function () {
    var el = log();
    if (!el || !left || left.el !== el) return;
    if (atEnd(el)) following = true;
    else if (el.scrollTop < left.top && el.clientWidth === left.width
      && el.clientHeight === left.height) following = false;
  });

  document.addEventListener("htmx:wsAfterMessage", function () {
    var el = log();
    if (resized && el && el !== watched) {
      if (watched) resized.unobserve(watched);
      resized.observe(el);
      watched = el;
    }
    follow();
  });
})();
