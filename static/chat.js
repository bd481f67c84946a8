// The room's chat: the box empties once a message is sent (and gets its text back if the
// server refuses it), the newest line stays in view unless the reader scrolled up, times
// read in the viewer's own clock (in a replay's log too), the host's settings stay open
// when they are re-sent, and the page keeps a bounded number of lines. Sending is htmx's
// (the form and the reaction buttons carry ws-send); without this file chat works.
(function () {
  "use strict";
  var KEEP = 300; // lines kept on the page; the server sends the latest 100 on connecting
  var REFUSED_WITHIN = 4000; // ms: a refusal arriving this soon after a send is about it

  var pending = null; // {text, at} of the message just sent
  var stuck = true; // the chat was scrolled to its newest line before this message
  var settingsOpen = false; // the host had the chat's settings open before this message

  function chatLog() { return document.getElementById("chat-log"); }

  document.addEventListener("htmx:wsAfterSend", function (event) {
    var form = event.target.closest && event.target.closest(".chat-form");
    if (!form) return;
    var input = form.querySelector("input[name=text]");
    pending = { text: input.value, at: Date.now() };
    input.value = "";
  });

  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    var log = chatLog();
    stuck = !log || log.scrollHeight - log.scrollTop - log.clientHeight < 24;
    var settings = document.querySelector("#chat-who details");
    settingsOpen = settings !== null && settings.open;
    var message = event.detail && event.detail.message;
    if (pending && typeof message === "string" && message.indexOf('class="flash shown"') >= 0) {
      var input = document.getElementById("chat-text");
      if (input && input.value === "" && Date.now() - pending.at < REFUSED_WITHIN) {
        input.value = pending.text; // refused: nothing was said, so nothing is lost
      }
      pending = null;
    }
  });

  function localTimes(within) {
    within.querySelectorAll("time[datetime]:not([data-local])").forEach(function (el) {
      var when = new Date(el.getAttribute("datetime"));
      if (!isNaN(when.getTime())) {
        el.textContent = when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
      }
      el.dataset.local = "";
    });
  }

  document.addEventListener("htmx:wsAfterMessage", function () {
    var settings = document.querySelector("#chat-who details");
    if (settings && settingsOpen) settings.open = true; // a re-sent part stays as it was
    var log = chatLog();
    if (!log) return;
    while (log.children.length > KEEP) log.removeChild(log.firstElementChild);
    localTimes(log);
    if (stuck) log.scrollTop = log.scrollHeight;
  });

  // A replay's log shows its chat lines too (served with the page).
  document.addEventListener("DOMContentLoaded", function () { localTimes(document); });
})();
