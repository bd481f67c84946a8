// A picture to click (a viewer's own picture, room/parts/picture.html, or a fixed one of
// room/moves.html) is pointed at with the keys too: it is a Tab stop; the arrow keys move a
// cross-hair over it (Shift: bigger steps) and Enter or Space clicks where the cross-hair is,
// as the mouse would, so static/moves.js sends that point like any click. The cross-hair is
// kept per picture while the picture is re-rendered.
(function () {
  "use strict";

  var STEP = 0.02; // of the picture's width or height, per arrow key
  var BIG_STEP = 0.1; // with Shift
  var MOVES = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  var at = {}; // picture name -> [x, y] as fractions of its width and height

  function pointable(el) {
    return el && el.closest ? el.closest(".picture-image, .point-pick") : null;
  }

  function nameOf(target) {
    var picture = target.closest(".picture");
    return picture ? picture.dataset.picture : "point-pick";
  }

  function imageOf(target) {
    return target.tagName === "IMG" ? target : target.querySelector("img");
  }

  // The cross-hair lives in the element that holds the image (the frame, which scrolls when
  // zoomed), positioned in its content's pixels so that it scrolls with the image.
  function crossHair(target) {
    var holder = target.classList.contains("point-pick") ? target : target.parentElement;
    var mark = holder.querySelector(".point-cross");
    if (!mark) {
      mark = document.createElement("span");
      mark.className = "point-cross";
      mark.setAttribute("aria-hidden", "true");
      holder.appendChild(mark);
    }
    return mark;
  }

  function show(target, scroll) {
    var img = imageOf(target);
    var where = at[nameOf(target)] || [0.5, 0.5];
    var mark = crossHair(target);
    mark.style.setProperty("left", (img.offsetLeft + where[0] * img.offsetWidth) + "px");
    mark.style.setProperty("top", (img.offsetTop + where[1] * img.offsetHeight) + "px");
    if (scroll) mark.scrollIntoView({ block: "nearest", inline: "nearest" });
  }

  // A click at the cross-hair, as the mouse makes one: moves.js reads its coordinates.
  function clickAt(target) {
    var rect = imageOf(target).getBoundingClientRect();
    var where = at[nameOf(target)] || [0.5, 0.5];
    target.dispatchEvent(new MouseEvent("click", {
      bubbles: true, cancelable: true, view: window,
      clientX: rect.left + where[0] * rect.width, clientY: rect.top + where[1] * rect.height,
    }));
  }

  document.addEventListener("keydown", function (event) {
    var target = pointable(event.target);
    if (!target || event.target !== target || event.altKey || event.ctrlKey || event.metaKey) return;
    var move = MOVES[event.key];
    if (move) {
      var name = nameOf(target);
      var step = event.shiftKey ? BIG_STEP : STEP;
      var where = at[name] || [0.5, 0.5];
      at[name] = [0, 1].map(function (i) {
        return Math.min(1 - 1e-6, Math.max(0, where[i] + move[i] * step));
      });
      show(target, true);
    } else if (event.key === "Enter" || event.key === " ") {
      clickAt(target);
    } else {
      return;
    }
    event.preventDefault(); // no scrolling of the page by these keys here
  });

  document.addEventListener("focusin", function (event) {
    var target = pointable(event.target);
    if (target && event.target === target) show(target, false); // a click's focus scrolls nothing
  });
})();
