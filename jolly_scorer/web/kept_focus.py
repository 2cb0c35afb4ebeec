"""A field keeps the keyboard focus when Flutter moves it in the page (issue 35.2).

Flutter's web engine draws the accessibility tree as ``flt-semantics``
elements, and a text field that has the keyboard focus is an ``input`` (or
``textarea``) inside them. When something new comes over the whole page (a
hover tooltip: the keyboard icon's "Karten tippen"/"Kirjoita kortit" under
the mouse that just tapped it), the engine puts a new element above the
page's tree and moves the whole tree into it. Moving an element takes the
browser's focus off the field inside it: the browser fires ``blur``, the
engine takes that for the person leaving the field and the framework lets
go of it. The focus is then on the page, and the keys typed next went
nowhere ("As" typed after a tap on the keyboard icon, in Chromium: nothing;
the field had the focus for about half a second).

This script (served in ``index.html`` beside ``web.held_keys``) holds back
a ``blur`` of a text field that has no new focus (``relatedTarget`` null)
until the end of the task; if the field was moved meanwhile (one of its
ancestors taken out of the page and put back) and nothing else took the
focus, the field gets it back at once (before the next key) and the engine
never hears of the blur.
Otherwise the blur goes on as it came (the person tapped elsewhere, the
field was removed), one task later. Blurs that name the element getting the
focus (Tab, a tap on another field, the engine moving the focus itself) are
never touched.

The built phone app (``build-web``) does not get this script.
"""

from __future__ import annotations

__all__ = ["SCRIPT", "script"]

SCRIPT = """<script>
(function () {
  "use strict";
  var held = null;  // {el: the field, moved: whether one of its ancestors moved}
  function isText(el) {
    return !!el && (el.tagName === "TEXTAREA" || el.tagName === "INPUT");
  }
  function hold(e) {
    if (e.isTrusted === false) return;  // our own, passed on
    var el = e.target;
    if (!isText(el) || e.relatedTarget) return;
    if (held && held.el !== el) return;
    e.stopImmediatePropagation();
    if (!held) {
      held = {el: el, moved: false, events: []};
      setTimeout(decide, 0);
    }
    held.events.push(e.type);
  }
  function refocus() {  // moved, not left: the field gets the focus back
    var h = held;
    var a = document.activeElement;
    if (!h || !h.moved || !h.el.isConnected || (a && a !== document.body)) {
      return false;
    }
    held = null;
    h.el.focus({preventScroll: true});
    return true;
  }
  function decide() {
    var h = held;
    if (!h || refocus()) return;
    held = null;
    h.events.forEach(function (type) {  // left: the blur goes on
      h.el.dispatchEvent(new FocusEvent(type, {bubbles: type === "focusout"}));
    });
  }
  window.addEventListener("blur", hold, true);
  window.addEventListener("focusout", hold, true);
  new MutationObserver(function (records) {
    if (!held) return;
    for (var i = 0; i < records.length; i++) {
      var gone = records[i].removedNodes;
      for (var j = 0; j < gone.length; j++) {
        if (gone[j] === held.el || (gone[j].contains && gone[j].contains(held.el))) {
          held.moved = true;
          refocus();  // at once: a key typed next finds the field
          return;
        }
      }
    }
  }).observe(document.documentElement, {childList: true, subtree: true});
})();
</script>
"""


def script() -> bytes:
    """:data:`SCRIPT` as served.

    >>> b"stopImmediatePropagation" in script()
    True
    """
    return SCRIPT.encode("utf-8")
