// A replay page: the slider, the step and play buttons and the arrow keys move through the
// game; each moment's table is fetched from the server (which rebuilt it from the log) and
// the log lines up to it are marked. Without this script the log's links still work.
(function () {
  "use strict";
  var PLAY_EVERY = 900; // ms per move while playing

  function start() {
    var replay = document.getElementById("replay");
    if (!replay) { return; }
    var base = replay.dataset.base;
    var view = replay.dataset.view;
    var moves = parseInt(replay.dataset.moves, 10);
    var at = parseInt(replay.dataset.at, 10);
    var slider = document.getElementById("replay-slider");
    var shown = document.getElementById("replay-at");
    var table = document.getElementById("replay-table");
    var log = document.getElementById("replay-log");
    var playButton = replay.querySelector('[data-go="play"]');
    var label = shown.dataset.label;
    var playing = null;
    var wanted = at; // the moment asked for last: an older answer arriving late is dropped

    function markLog() {
      var current = null;
      log.querySelectorAll("li").forEach(function (line) {
        var step = parseInt(line.dataset.step, 10);
        line.classList.toggle("later", step > at);
        line.classList.toggle("now", step === at);
        if (step <= at) { current = line; }
      });
      if (current) {
        var top = current.offsetTop - log.offsetTop;
        if (top < log.scrollTop || top > log.scrollTop + log.clientHeight - current.offsetHeight) {
          log.scrollTop = Math.max(0, top - log.clientHeight / 2);
        }
      }
    }

    function go(step) {
      step = Math.max(0, Math.min(moves, step));
      if (step === wanted) { return; }
      wanted = step;
      slider.value = String(step);
      shown.textContent = label.replace("{n}", step).replace("{total}", moves);
      var address = base + "/at/" + step + "?view=" + encodeURIComponent(view);
      fetch(address, { credentials: "same-origin" }).then(function (response) {
        return response.ok ? response.text() : Promise.reject(response.status);
      }).then(function (html) {
        if (step !== wanted) { return; }
        at = step;
        table.innerHTML = html;
        document.dispatchEvent(new CustomEvent("gamenight:swapped"));
        markLog();
        history.replaceState(null, "", base + "?view=" + encodeURIComponent(view) + "&at=" + step);
      }).catch(function () { stop(); });
    }

    function stop() {
      if (playing !== null) { clearInterval(playing); playing = null; }
      playButton.textContent = shown.dataset.play;
    }

    function play() {
      if (playing !== null) { stop(); return; }
      if (wanted >= moves) { go(0); }
      playButton.textContent = shown.dataset.pause;
      playing = setInterval(function () {
        if (wanted >= moves) { stop(); } else { go(wanted + 1); }
      }, PLAY_EVERY);
    }

    replay.addEventListener("click", function (event) {
      var button = event.target.closest("[data-go]");
      var line = event.target.closest("#replay-log li");
      if (button) {
        var to = { first: 0, back: wanted - 1, next: wanted + 1, last: moves }[button.dataset.go];
        if (button.dataset.go === "play") { play(); } else { stop(); go(to); }
      } else if (line && event.button === 0 && !event.ctrlKey && !event.metaKey) {
        event.preventDefault();
        stop();
        go(parseInt(line.dataset.step, 10));
      }
    });
    slider.addEventListener("input", function () { stop(); go(parseInt(slider.value, 10)); });
    document.addEventListener("keydown", function (event) {
      var tag = (event.target.tagName || "").toLowerCase();
      if (tag === "input" && event.target !== slider || tag === "select" || tag === "textarea") { return; }
      var to = { ArrowLeft: wanted - 1, ArrowRight: wanted + 1, Home: 0, End: moves }[event.key];
      if (event.key === " ") { event.preventDefault(); play(); return; }
      if (to === undefined) { return; }
      event.preventDefault();
      stop();
      go(to);
    });
    markLog();
    document.dispatchEvent(new CustomEvent("gamenight:swapped"));
  }

  document.addEventListener("DOMContentLoaded", start);
})();
