// Small page behaviours; loaded as a file so the Content-Security-Policy can forbid inline code.
(function () {
  "use strict";

  function fullInviteLink() {
    var input = document.getElementById("invite-link");
    if (input) input.value = window.location.origin + input.dataset.path;
  }

  document.addEventListener("DOMContentLoaded", fullInviteLink);

  // Elements a message moves (app/web/patches.py: an empty <i data-moved="id"> stands where
  // one goes, instead of its markup again): taken out as htmx starts its swaps (so no delete
  // or replaced parent takes them with it, and every script sees the page whole before the
  // message) and put in their places once it has swapped. Registered first, so every other
  // script sees the page whole after it too.
  var moving = null;
  var movedIds = [];
  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    var message = event.detail && event.detail.message;
    moving = null;
    movedIds = [];
    if (typeof message !== "string" || message.indexOf("data-moved=") < 0) return;
    var found, named = /<i data-moved="([^"]+)"><\/i>/g;
    while ((found = named.exec(message)) !== null) movedIds.push(found[1]);
  });

  document.addEventListener("htmx:oobBeforeSwap", function () {
    if (moving !== null || movedIds.length === 0) return;
    moving = new Map();
    movedIds.forEach(function (id) {
      var el = document.getElementById(id);
      if (el) moving.set(id, el.parentNode.removeChild(el));
    });
  });

  document.addEventListener("htmx:wsAfterMessage", function () {
    if (moving === null) return;
    document.querySelectorAll("i[data-moved]").forEach(function (spot) {
      var el = moving.get(spot.dataset.moved);
      if (el) spot.replaceWith(el);
    });
    moving = null;
    movedIds = [];
  });

  // Words many small elements of a table share (a tile's category, said to a screen reader;
  // the choices a Stickers swap or Question mark always offers, before the lists in them get
  // their buttons below): the table sends them once, as a <template data-append-to="selector">,
  // and the page copies them into each element the selector finds that does not hold them
  // yet, so an update need not carry them again with every element.
  function appendShared() {
    document.querySelectorAll("template[data-append-to]").forEach(function (template) {
      document.querySelectorAll(template.dataset.appendTo).forEach(function (el) {
        if (el.hasAttribute("data-appended")) return;
        el.appendChild(template.content.cloneNode(true));
        el.setAttribute("data-appended", "");
      });
    });
  }

  document.addEventListener("DOMContentLoaded", appendShared);
  document.addEventListener("htmx:wsAfterMessage", appendShared);
  document.addEventListener("gamenight:swapped", appendShared); // a replay's table, fetched

  document.addEventListener("click", function (event) {
    if (event.target && event.target.id === "copy-invite") {
      var input = document.getElementById("invite-link");
      input.select();
      if (navigator.clipboard) navigator.clipboard.writeText(input.value);
    }
  });

  // One click, one move: lock the move buttons (and Undo) once a move is sent, until the
  // server answers.
  var MOVE_BUTTONS = ".moves button, #undo button";
  document.addEventListener("htmx:wsAfterSend", function (event) {
    var moves = document.querySelector(".moves");
    var undo = document.getElementById("undo");
    if ((moves && moves.contains(event.target)) || (undo && undo.contains(event.target))) {
      document.querySelectorAll(MOVE_BUTTONS).forEach(function (b) { b.disabled = true; });
    }
  });

  // Picking a card, then a space: a move button may name the table spot it plays to
  // (data-spot, or, inside an element with data-spot-field and data-spot-prefix, the prefix
  // and that field of its hx-vals); picking a card (data-pick) shows its moves and marks
  // their spots, and a click on a marked spot presses that move's button. Without this file
  // every move is still a plain button.
  document.documentElement.classList.add("js");
  var picked = null;

  // A one-of's options may arrive as data, to keep an update small (Stellar's spaces for a
  // card, its takes, a satellite's stacks): an element with data-field and data-values (a
  // JSON list), holding a label element per value (none: a number is labelled itself plus
  // data-offset), gets a move button per value instead (of class data-class, if any), which
  // adds {field: value} to the one-of's move. A spot is found from that field as from any
  // button's. Labels the page already shows need not come again, two ways:
  // - data-label-from (an id prefix) and data-label (a sentence with {n}, the number, and
  //   {text}): a value's label says the text of the element of that prefix and value
  //   (Stellar's takes name the row's cards);
  // - data-ref: each button is labelled by a copy of the page's element data-ref + value
  //   (with data-face, its first element that matches that selector, itself included),
  //   without ids (For20's coins show the card in the viewer's zone); or, with data-sels
  //   (a JSON list of CSS selectors in the values' order), a copy of the page's first
  //   element each selector matches (Stickers' categories, by their markers' colours on a
  //   board whose spaces they change).
  // With data-more (the id of a <template>), that template's buttons follow the list's:
  // a choice several lists share, written once (Stellar's "into the notebook").
  // What several lists share (field, offset, class, more, ref, face) may be said once by an
  // element around them, as JSON: data-lists='{"field":"space","offset":1}'; a list's own wins.
  // So may their labels, by value ("labels": {"moon": "Moon"}), for a list with none of its
  // own (Stellar's stacks a satellite may move to).
  function labelFrom(list, value, offset) {
    var shown = document.getElementById(list.dataset.labelFrom + value);
    var text = shown ? shown.textContent.replace(/\s+/g, " ").trim() : "";
    return list.dataset.label.replace("{n}", String(value + offset)).replace("{text}", text);
  }

  // Also static/moves.js's, for a builder's items (`window.gamenightCopyOf`: this file loads
  // first); a list may name each value's element (`data-refs`, ids in the values' order).
  // `said`: what the list says with what an element around it says (data-lists), if not
  // the list's own attributes.
  function copyOf(list, value, index, said) {
    said = said || list.dataset;
    var refs = (said.refs || "").split(" ").filter(Boolean);
    var el = said.sels ? document.querySelector(JSON.parse(said.sels)[index])
      : document.getElementById(refs.length ? refs[index] : said.ref + value);
    var face = said.face;
    if (el && face && !el.matches(face)) el = el.querySelector(face);
    if (!el) return document.createTextNode(String(value));
    var copy = el.cloneNode(true);
    copy.removeAttribute("id");
    copy.querySelectorAll("[id]").forEach(function (e) { e.removeAttribute("id"); });
    return copy;
  }
  window.gamenightCopyOf = copyOf;

  function makeOptions() {
    document.querySelectorAll("[data-values]:not([data-made])").forEach(function (list) {
      var around = list.closest("[data-lists]");
      var said = Object.assign(around ? JSON.parse(around.dataset.lists) : {}, list.dataset);
      var labels = Array.prototype.map.call(list.children, function (label) {
        return label.textContent;
      });
      var offset = Number(said.offset || 0);
      if (list.dataset.labelFrom) {
        labels = JSON.parse(list.dataset.values).map(function (value) {
          return labelFrom(list, value, offset);
        });
      } else if (!labels.length && said.labels) {
        labels = JSON.parse(list.dataset.values).map(function (value) {
          return value in said.labels ? said.labels[value] : String(value);
        });
      }
      list.textContent = "";
      JSON.parse(list.dataset.values).forEach(function (value, i) {
        var vals = {};
        vals[said.field] = value;
        var button = document.createElement("button");
        if (said.class) button.className = said.class;
        button.setAttribute("ws-send", "");
        button.setAttribute("hx-vals", JSON.stringify(vals));
        if (said.ref || said.sels) button.append(copyOf(list, value, i, said));
        else button.textContent = labels.length ? labels[i] : String(value + offset);
        list.append(" ", button);
      });
      var more = said.more && document.getElementById(said.more);
      if (more) list.append(" ", more.content.cloneNode(true));
      list.dataset.made = "";
      processMade(list);
    });
  }

  // Wires the buttons a script made in a list for htmx: processing the list is not enough
  // once htmx has seen it (a list swapped in before its buttons were made keeps its state,
  // and htmx then looks no further into it). Also static/moves.js's.
  function processMade(list) {
    if (!window.htmx) return;
    window.htmx.process(list);
    list.querySelectorAll("[ws-send]").forEach(function (b) { window.htmx.process(b); });
  }
  window.gamenightProcessMade = processMade;

  function spotOf(button) {
    if (button.dataset.spot) return button.dataset.spot;
    var by = button.closest("[data-spot-field]");
    if (!by || !button.hasAttribute("hx-vals")) return null;
    var value = JSON.parse(button.getAttribute("hx-vals"))[by.dataset.spotField];
    return value === undefined ? null : by.dataset.spotPrefix + value;
  }

  function showPicked() {
    document.querySelectorAll(".legal").forEach(function (el) { el.classList.remove("legal"); });
    var groups = document.querySelectorAll(".moves .pick-group");
    groups.forEach(function (group) {
      var chosen = groups.length === 1 || group.dataset.pick === picked;
      group.classList.toggle("chosen", chosen);
      if (!chosen) return;
      group.querySelectorAll("button").forEach(function (button) {
        var spot = document.getElementById(spotOf(button));
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
      var buttons = document.querySelectorAll(".moves .pick-group.chosen button");
      var button = Array.prototype.find.call(buttons, function (b) { return spotOf(b) === spot.id; });
      if (button && !button.disabled) button.click();
    }
  });

  // Countdowns: the server sends how many seconds a window stays open (data-countdown);
  // the page counts down from when it arrived. The server's clock decides, not this one.
  function startCountdowns() {
    document.querySelectorAll("[data-countdown]:not([data-deadline])").forEach(function (el) {
      el.dataset.deadline = String(Date.now() + 1000 * parseFloat(el.dataset.countdown));
    });
    document.querySelectorAll("[data-deadline-at]:not([data-deadline])").forEach(function (el) {
      learnOffset(parseFloat(el.dataset.now) * 1000);
      el.dataset.deadline = "";
    });
  }

  // A race's timer (room/countdown.html) carries its deadline and the server's time when
  // it was drawn, both on the server's clock. The server's clock minus this one is the
  // offset: each message gives a sample that is short of it by the time the message took
  // to arrive, so the largest recent sample is the best (every screen then shows the same
  // time left, whatever its own clock says and however long its messages took).
  var samples = []; // [when taken (this clock), sample] over the last 30 s
  var offset = 0;

  function learnOffset(serverNow) {
    var here = Date.now();
    samples.push([here, serverNow - here]);
    samples = samples.filter(function (s) { return here - s[0] < 30000; });
    offset = Math.max.apply(null, samples.map(function (s) { return s[1]; }));
  }

  function deadlineOf(el) {
    if (el.dataset.deadlineAt) return parseFloat(el.dataset.deadlineAt) * 1000 - offset;
    return parseFloat(el.dataset.deadline);
  }

  // A turn clock (class "clock", room/parts/clock.html) reads minutes:seconds.
  function shownTime(el, left) {
    if (!el.classList.contains("clock")) return String(left);
    return Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
  }

  setInterval(function () {
    document.querySelectorAll("[data-deadline]").forEach(function (el) {
      var left = Math.max(0, Math.ceil((deadlineOf(el) - Date.now()) / 1000));
      var text = shownTime(el, left);
      if (el.textContent !== text) el.textContent = text;
    });
  }, 250);

  document.addEventListener("htmx:wsAfterMessage", function () {
    startCountdowns();
    makeOptions();
    showPicked();
    document.querySelectorAll(MOVE_BUTTONS).forEach(function (b) { b.disabled = false; });
  });

  // ---- "Your turn" in the tab's title ------------------------------------------------
  // While the viewer has moves to make, the tab's title is the room's translated turn title
  // (data-turn-title on #room), so a player in another tab sees it; it goes back when they
  // have none. The game's moves part (its id is data-moves-part) holds controls only then.
  // When the turn comes or goes, the room hears `gamenight:turn` (detail.yours): the
  // notifications and sound of static/notify.js and the polite "Your turn" of static/a11y.js
  // listen.
  var plainTitle = document.title;
  var wasYours = false;

  function showTurnInTitle() {
    var room = document.getElementById("room");
    if (!room || !room.dataset.turnTitle) return;
    var moves = document.getElementById(room.dataset.movesPart);
    var yours = moves !== null && moves.querySelector("button, [ws-send]") !== null;
    var title = yours ? room.dataset.turnTitle : plainTitle;
    if (document.title !== title) document.title = title;
    if (yours !== wasYours) {
      wasYours = yours;
      document.dispatchEvent(new CustomEvent("gamenight:turn", { detail: { yours: yours } }));
    }
  }

  document.addEventListener("htmx:wsAfterMessage", showTurnInTitle);

  // ---- The connection, told truthfully ------------------------------------------------
  // While the room's socket is down, and until the server's first message after it opens
  // again (a new connection is sent the whole current table), the room is `offline`: the
  // template's banner shows, its controls are disabled, and nothing is sent or queued. The
  // ws extension would queue a click made meanwhile and send it on reopen, against a table
  // the player has not seen; here the player sees the current table and decides again.
  // Other scripts may check `.offline` on an ancestor; sends through a ws-send element (or
  // socketWrapper.send with that element) are stopped by the guard below.
  // A form that sends (the chat's) cannot be disabled itself: its fields and buttons are.
  var OFFLINE_CONTROLS = "[ws-send]:not(form), [data-ws-send], form[ws-send] button, " +
    "form[ws-send] input, form[ws-send] textarea, #table button, #table input, #table select, #table textarea";
  var RETRY_FIRST_MS = 1000;
  var RETRY_CAP_MS = 10000;
  var RETRIED_BY_EXTENSION = [1006, 1011, 1012, 1013]; // htmx-ext-ws 2.0.4 reconnects after these

  // Exponential backoff with jitter, capped, forever: the extension's own default waits up
  // to 64 s, too long for a table waiting on a player.
  function reconnectDelay(retries) {
    var ceiling = Math.min(RETRY_CAP_MS, RETRY_FIRST_MS * Math.pow(2, retries));
    return ceiling / 2 + Math.random() * ceiling / 2;
  }

  if (window.htmx) window.htmx.config.wsReconnectDelay = reconnectDelay;

  function refusedForGood(code) {
    return code === 1008 || (code >= 4000 && code < 5000); // another site's page; no such room
  }

  function goOffline(room) {
    room.classList.add("offline");
    room.querySelectorAll(OFFLINE_CONTROLS).forEach(function (control) {
      if (control.disabled === false) {
        control.disabled = true;
        control.dataset.offline = "";
      }
    });
  }

  function goOnline(room) {
    room.classList.remove("offline", "refused");
    room.querySelectorAll("[data-offline]").forEach(function (control) {
      control.disabled = false;
      delete control.dataset.offline;
    });
  }

  document.addEventListener("htmx:wsClose", function (event) {
    var room = event.target;
    var code = event.detail.event.code;
    event.detail.socketWrapper.queue.length = 0;
    goOffline(room);
    if (refusedForGood(code)) {
      room.classList.add("refused");
    } else if (RETRIED_BY_EXTENSION.indexOf(code) < 0) {
      // A clean close (1000, or 1001 from a proxy going away) is not retried by the
      // extension; the room must come back all the same. A failed attempt then closes
      // with 1006, which the extension retries with the delay above.
      var wrapper = event.detail.socketWrapper;
      setTimeout(function () {
        if (document.body.contains(room)) wrapper.reconnect();
      }, reconnectDelay(0));
    }
  });

  // Documented by the extension: reset the queue when reconnecting. It runs before the
  // extension flushes the queue, so a send that slipped past the guard is dropped too.
  document.addEventListener("htmx:wsOpen", function (event) {
    event.detail.socketWrapper.queue.length = 0;
  });

  document.addEventListener("htmx:wsAfterMessage", function (event) {
    if (event.target.classList.contains("offline")) goOnline(event.target);
  });

  function refuseWhileOffline(event) {
    var target = event.target;
    if (target.closest && target.closest(".offline")) event.preventDefault();
  }

  document.addEventListener("htmx:wsConfigSend", refuseWhileOffline); // before it is queued
  document.addEventListener("htmx:wsBeforeSend", refuseWhileOffline); // queued, at reopen
})();
