// "Your turn" as a browser notification and a short sound, each off until the player turns
// it on with its toggle on the table (remembered in this browser). static/app.js tells when
// the turn comes (the `gamenight:turn` event); a notification is shown only while the page
// is not in view, since the title and the table already say it when it is.
(function () {
  "use strict";

  var STORE = { notify: "gamenight.notify", sound: "gamenight.sound" };
  var audio = null;

  function saved(name) {
    try { return window.localStorage.getItem(STORE[name]) === "on"; } catch (e) { return false; }
  }

  function save(name, on) {
    try { window.localStorage.setItem(STORE[name], on ? "on" : "off"); } catch (e) { /* private mode */ }
  }

  function toggle(name) { return document.getElementById(name + "-turn"); }

  function canNotify() { return "Notification" in window; }

  // A sound may only start after the person did something on the page: the toggle's
  // click makes the audio context, and each turn reuses it.
  function beep() {
    if (!audio) return;
    var oscillator = audio.createOscillator();
    var gain = audio.createGain();
    oscillator.frequency.value = 880;
    gain.gain.setValueAtTime(0.0001, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.2, audio.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 0.3);
  }

  function wakeAudio() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!audio && Context) audio = new Context();
    if (audio && audio.state === "suspended") audio.resume();
  }

  function notify(room) {
    if (!canNotify() || window.Notification.permission !== "granted") return;
    if (!document.hidden && document.hasFocus()) return;
    var shown = new window.Notification(room.dataset.turnTitle, {
      body: room.dataset.notifyBody, tag: "gamenight-turn", lang: document.documentElement.lang
    });
    shown.onclick = function () { window.focus(); shown.close(); };
  }

  function setUp() {
    var room = document.getElementById("room");
    var notifyBox = toggle("notify"), soundBox = toggle("sound");
    if (!room || !notifyBox || !soundBox) return;
    document.getElementById("turn-alerts").hidden = false;
    if (!canNotify()) notifyBox.disabled = true;
    notifyBox.checked = canNotify() && saved("notify") && window.Notification.permission === "granted";
    soundBox.checked = saved("sound");

    notifyBox.addEventListener("change", function () {
      save("notify", notifyBox.checked);
      if (!notifyBox.checked || window.Notification.permission === "granted") return;
      window.Notification.requestPermission().then(function (answer) {
        if (answer !== "granted") { notifyBox.checked = false; save("notify", false); }
      });
    });
    soundBox.addEventListener("change", function () {
      save("sound", soundBox.checked);
      if (soundBox.checked) { wakeAudio(); beep(); }
    });
    document.addEventListener("pointerdown", function () { if (soundBox.checked) wakeAudio(); }, { once: true });

    document.addEventListener("gamenight:turn", function (event) {
      if (!event.detail.yours) return;
      if (notifyBox.checked) notify(room);
      if (soundBox.checked) beep();
    });
  }

  document.addEventListener("DOMContentLoaded", setUp);
})();
