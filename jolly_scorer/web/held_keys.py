"""Keys typed after Enter wait in the page for the next field (issue 35.1).

Enter in a field of the app (a player's name, a score) moves the keyboard
focus on: the server hears the Enter, and tells the page which field takes
the focus next (a new name field, after the last name, is first drawn).
Flutter takes the focus off the field at Enter at once, so for that round
trip (60 to 300 ms, more on a busy host) no field has it, and the keys typed
meanwhile went nowhere: "Anna⏎Ben⏎Cleo⏎Dora" at 100 ms a key gave "Leo" and
"Ora". The person typed them for the next field.

The served ``index.html`` gets this script too (:data:`SCRIPT`, beside the
reconnect banner's, from :func:`~jolly_scorer.web.offline.offline_web_root`).
After Enter in a one-line field that takes typed text (not a read-only
field, such as the counting sheet's, whose keys the page's own handler
takes), and for at most :data:`HOLD_MS`, it holds the printable keys and
further Enters typed while no such field has the keyboard focus (not passed
on to Flutter, which drops them); as soon as a field has it, it puts the
held text into that field as if typed there
(the field's ``input`` event, which Flutter reads), and a held Enter as an
Enter there, in the order typed. Keys typed while a field has the focus are
never touched; a field that gets no focus within :data:`HOLD_MS` gets nothing
(the held keys are dropped, as Flutter dropped them). A tap before any key
was held ends the wait, so keys typed after it (the counting sheet's digits,
which the page's own handler takes) are never held.

The built phone app (``build-web``) has no server round trip for the focus
and does not get this script.
"""

from __future__ import annotations

__all__ = ["HOLD_MS", "SCRIPT", "script"]

#: how long after an Enter keys wait for the next field
HOLD_MS = 3000

SCRIPT = """<script>
(function () {
  "use strict";
  var HOLD_MS = %(hold)d;
  var hold = null;  // {from: the field of the Enter, until: ms, keys: [...]}
  var swallowed = {};  // codes whose keydown was held: their keyup too
  function isText(el) {  // a field that takes typed text
    return !!el && el.isConnected && !el.readOnly &&
      el.getAttribute("inputmode") !== "none" && (el.tagName === "TEXTAREA" ||
      (el.tagName === "INPUT" && !/^(button|checkbox|radio|submit|range)$/i
        .test(el.type || "")));
  }
  function nextField() {
    var a = document.activeElement;
    return hold && isText(a) ? a : null;
  }
  function insert(el, text) {
    var start = el.selectionStart == null ? el.value.length : el.selectionStart;
    var end = el.selectionEnd == null ? start : el.selectionEnd;
    el.value = el.value.slice(0, start) + text + el.value.slice(end);
    el.setSelectionRange(start + text.length, start + text.length);
    el.dispatchEvent(new InputEvent("input",
      {bubbles: true, inputType: "insertText", data: text}));
  }
  function enter(el) {
    var init = {key: "Enter", code: "Enter", bubbles: true, cancelable: true};
    ["keydown", "keyup"].forEach(function (type) {
      var ev = new KeyboardEvent(type, init);
      Object.defineProperty(ev, "keyCode", {get: function () { return 13; }});
      Object.defineProperty(ev, "which", {get: function () { return 13; }});
      el.dispatchEvent(ev);
    });
  }
  function flush() {
    var el = nextField();
    if (!el) return;
    var keys = hold.keys;
    hold = null;
    var text = "";
    for (var i = 0; i < keys.length; i++) {
      if (keys[i] !== "\\n") { text += keys[i]; continue; }
      if (text) insert(el, text);
      // the Enter moves on again; the keys after it wait for the next field
      hold = {from: el, until: Date.now() + HOLD_MS, keys: keys.slice(i + 1)};
      enter(el);
      return;
    }
    if (text) insert(el, text);
  }
  function later() {  // once Flutter has given the new field its text
    requestAnimationFrame(function () { requestAnimationFrame(flush); });
  }
  window.addEventListener("keydown", function (e) {
    if (e.isTrusted === false) return;  // our own Enter
    var a = document.activeElement;
    if (hold && Date.now() > hold.until) hold = null;
    // keys wait while no other field has the focus, and behind held ones
    if (hold && (hold.keys.length || !nextField())) {
      var printable = e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey;
      if (printable || e.key === "Enter") {
        hold.keys.push(printable ? e.key : "\\n");
        hold.until = Date.now() + HOLD_MS;
        swallowed[e.code] = true;
        e.preventDefault();
        e.stopImmediatePropagation();
        return;
      }
    }
    if (e.key === "Enter" && a && a.tagName === "INPUT" && isText(a) &&
        !e.shiftKey && !e.ctrlKey && !e.metaKey && !e.altKey && !e.isComposing) {
      hold = {from: a, until: Date.now() + HOLD_MS, keys: []};
    }
  }, true);
  window.addEventListener("keyup", function (e) {
    if (swallowed[e.code]) {
      delete swallowed[e.code];
      e.preventDefault();
      e.stopImmediatePropagation();
    }
  }, true);
  // a tap before any key was held: the person moved on, the Enter's wait ends
  window.addEventListener("pointerdown", function () {
    if (hold && !hold.keys.length) hold = null;
  }, true);
  document.addEventListener("focusin", function (e) {
    if (hold && hold.keys.length && isText(e.target)) later();
  }, true);
})();
</script>
"""


def script() -> bytes:
    """:data:`SCRIPT` with its time limit.

    >>> b"HOLD_MS = 3000;" in script()
    True
    """
    return (SCRIPT % {"hold": HOLD_MS}).encode("utf-8")
