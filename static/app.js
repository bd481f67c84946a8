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

  document.addEventListener("htmx:wsAfterMessage", function () {
    document.querySelectorAll(".moves button").forEach(function (b) { b.disabled = false; });
    var log = document.getElementById("log");
    if (log) log.scrollTop = log.scrollHeight;
  });
})();
