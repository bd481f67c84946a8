// Small page behaviours; loaded as a file so the Content-Security-Policy can forbid inline code.
(function () {
  "use strict";

  function fullInviteLink() {
    var input = document.getElementById("invite-link");
    if (input) input.value = window.location.origin + input.dataset.path;
  }

  document.addEventListener("DOMContentLoaded", fullInviteLink);

  document.addEventListener("click", function (event) {
    if (event.target && event.target.id === "copy-invite") {
      var input = document.getElementById("invite-link");
      input.select();
      if (navigator.clipboard) navigator.clipboard.writeText(input.value);
    }
  });

  // One click, one move: lock the move buttons once a move is sent, until the server answers.
  document.addEventListener("htmx:wsAfterSend", function (event) {
    var moves = document.querySelector(".moves");
    if (moves && moves.contains(event.target)) {
      moves.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
    }
  });

  // Picking a card, then a space: a move button may name the table spot it plays to
  // (data-spot); picking a card (data-pick) shows its moves and marks their spots, and a
  // click on a marked spot presses that move's button. Without this file every move is
  // still a plain button.
  document.documentElement.classList.add("js");
  var picked = null;

  function showPicked() {
    document.querySelectorAll(".legal").forEach(function (el) { el.classList.remove("legal"); });
    var groups = document.querySelectorAll(".moves .pick-group");
    groups.forEach(function (group) {
      var chosen = groups.length === 1 || group.dataset.pick === picked;
      group.classList.toggle("chosen", chosen);
      if (!chosen) return;
      group.querySelectorAll("button[data-spot]").forEach(function (button) {
        var spot = document.getElementById(button.dataset.spot);
        if (spot) spot.classList.add("legal");
      });
    });
    document.querySelectorAll(".pick").forEach(function (el) {
      el.classList.toggle("picked", el.dataset.pick === picked);
    });
  }

  document.addEventListener("click", function (event) {
    var pick = event.target.closest && event.target.closest(".pick");
    if (pick) {
      picked = picked === pick.dataset.pick ? null : pick.dataset.pick;
      showPicked();
      return;
    }
    var spot = event.target.closest && event.target.closest(".legal");
    if (spot) {
      var button = document.querySelector('.moves .pick-group.chosen button[data-spot="' + spot.id + '"]');
      if (button && !button.disabled) button.click();
    }
  });

  // Countdowns: the server sends how many seconds a window stays open (data-countdown);
  // the page counts down from when it arrived. The server's clock decides, not this one.
  function startCountdowns() {
    document.querySelectorAll("[data-countdown]:not([data-deadline])").forEach(function (el) {
      el.dataset.deadline = String(Date.now() + 1000 * parseFloat(el.dataset.countdown));
    });
  }

  // A turn clock (data-format="clock") reads minutes:seconds.
  function shownTime(el, left) {
    if (el.dataset.format !== "clock") return String(left);
    return Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
  }

  setInterval(function () {
    document.querySelectorAll("[data-deadline]").forEach(function (el) {
      var left = Math.max(0, Math.ceil((parseFloat(el.dataset.deadline) - Date.now()) / 1000));
      var text = shownTime(el, left);
      if (el.textContent !== text) el.textContent = text;
    });
  }, 250);

  document.addEventListener("htmx:wsAfterMessage", function () {
    startCountdowns();
    showPicked();
    document.querySelectorAll(".moves button").forEach(function (b) { b.disabled = false; });
    var log = document.getElementById("log");
    if (log) log.scrollTop = log.scrollHeight;
  });
})();
