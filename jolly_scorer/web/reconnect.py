"""The page while the host is away: the app's own message over the last screen.

When the websocket to the server closes, Flet's web client (1.0.5) lays its
boot screen over the page until it has reconnected: an opaque ``Scaffold``
with a spinner and the fixed English "Working..." (``client/lib/main.dart``
passes ``bootScreenOptions: {"spinner_size": 30, "startup_message":
"Working..."}``; ``controls/view.dart`` stacks it over the page while
``FletBackend.isLoading``). The page itself stays in the widget tree
underneath, but every phone at the table sees a blank page in English.

The served ``index.html`` gets one more script (:data:`SCRIPT`, put in by
:func:`with_reconnect_banner`, from :func:`~jolly_scorer.web.offline.offline_web_root`),
which runs before Flutter starts and

* watches the page's websocket (Flet's ``webSocketEndpoint``): when one that
  was open closes, it holds Flutter's next frames (``requestAnimationFrame``),
  so the last screen stays drawn and the boot screen is never painted, and
  lays a banner with the app's message over the page, which also takes the
  taps and keys meant for a page that cannot answer;
* when a new socket has opened and the server has answered on it (and been
  quiet for a moment: a host that restarted sends its first screen in a few
  messages), lets the held frames run and takes the banner away.

The message is in the page's language: the one the app last told the page
(``localStorage`` key :data:`LANGUAGE_KEY`, as Flet's ``SharedPreferences``
stores it), else the browser's first language the app speaks, else English.
The texts of every language are put in when the web root is made.

The built phone app (``build-web``) runs in the browser without a server and
has no websocket: it does not get this script.
"""

from __future__ import annotations

import json

import flet as ft

from jolly_scorer.i18n import N_, Translator, available_languages

__all__ = [
    "LANGUAGE_KEY",
    "LOST",
    "SCRIPT",
    "tell_page_language",
    "texts",
    "with_reconnect_banner",
]

LOST = N_("Connection to the table lost – reconnecting…")
#: Where the page finds the app's language (``SharedPreferences`` key
#: ``jolly-scorer.language``; Flet's client stores it JSON-encoded, with
#: Flutter's ``flutter.`` prefix).
LANGUAGE_KEY = "flutter.jolly-scorer.language"
_PREFERENCE = LANGUAGE_KEY.removeprefix("flutter.")
#: The element the script lays over the page (tests look for it).
BANNER_ID = "jolly-reconnecting"
#: Where the script goes: before Flet's own scripts start the client.
_ANCHOR = b'<script src="python.js"></script>'

SCRIPT = """<script>
// jolly-scorer: the app's own message while the host is away
// (jolly_scorer/web/reconnect.py says why and how).
(function () {
  var TEXTS = %(texts)s;
  var KEY = %(key)s;
  var ID = %(id)s;
  var QUIET_MS = 250;
  var endpoint = (window.flet && window.flet.webSocketEndpoint) || "/ws";
  var NativeSocket = window.WebSocket;
  var nativeFrame = window.requestAnimationFrame.bind(window);
  var nativeCancel = window.cancelAnimationFrame.bind(window);
  var held = null;  // Flutter's frame callbacks while the host is away
  var nextId = -1;
  var quiet = 0;

  function language() {
    var tags = [];
    try {
      var chosen = JSON.parse(window.localStorage.getItem(KEY) || "null");
      if (typeof chosen === "string") tags.push(chosen);
    } catch (e) {}
    tags = tags.concat(navigator.languages || [], [navigator.language]);
    for (var i = 0; i < tags.length; i++) {
      var code = String(tags[i] || "").toLowerCase().split(/[-_]/)[0];
      if (Object.prototype.hasOwnProperty.call(TEXTS, code)) return code;
    }
    return "en";
  }

  window.requestAnimationFrame = function (callback) {
    if (held === null) return nativeFrame(callback);
    var id = nextId--;
    held.set(id, callback);
    return id;
  };
  window.cancelAnimationFrame = function (id) {
    if (id < 0) { if (held !== null) held.delete(id); return; }
    nativeCancel(id);
  };

  function show() {
    if (document.getElementById(ID)) return;
    if (held === null) held = new Map();
    var lang = language();
    var cover = document.createElement("div");
    cover.id = ID;
    cover.lang = lang;
    cover.setAttribute("role", "alert");
    cover.style.cssText =
      "position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.28);" +
      "display:flex;align-items:flex-start;justify-content:center;" +
      "touch-action:none;user-select:none";
    var banner = document.createElement("div");
    banner.textContent = TEXTS[lang];
    banner.style.cssText =
      "margin:12px;padding:14px 18px;max-width:560px;border-radius:12px;" +
      "background:#ffdad6;color:#410002;font:500 18px/1.35 system-ui,Roboto," +
      "sans-serif;box-shadow:0 2px 10px rgba(0,0,0,.35);text-align:center";
    cover.appendChild(banner);
    var stop = function (event) { event.stopPropagation(); event.preventDefault(); };
    ["pointerdown", "pointerup", "click", "touchstart", "wheel"].forEach(
      function (type) { cover.addEventListener(type, stop, {passive: false}); });
    document.body.appendChild(cover);
    if (document.activeElement && document.activeElement.blur) {
      document.activeElement.blur();  // no typing into a page that cannot answer
    }
    window.addEventListener("keydown", stop, true);
    window.addEventListener("keypress", stop, true);
    function unhook() {
      window.removeEventListener("keydown", stop, true);
      window.removeEventListener("keypress", stop, true);
    }
    cover.unhook = unhook;
  }

  function hide() {
    var cover = document.getElementById(ID);
    var frames = held;
    held = null;
    if (frames !== null) {
      frames.forEach(function (callback) {
        nativeFrame(callback);
      });
    }
    if (cover) {
      // one painted frame of the page first, then the banner goes
      nativeFrame(function () { nativeFrame(function () {
        if (cover.unhook) cover.unhook();
        cover.remove();
      }); });
    }
  }

  function isFlets(url) {
    try {
      return new URL(url, location.href).pathname.replace(/\\/$/, "")
        .endsWith(endpoint.replace(/\\/$/, ""));
    } catch (e) { return false; }
  }

  function Socket(url, protocols) {
    var socket = protocols === undefined
      ? new NativeSocket(url) : new NativeSocket(url, protocols);
    if (!isFlets(url)) return socket;
    var opened = false;
    socket.addEventListener("open", function () { opened = true; });
    socket.addEventListener("close", function () {
      if (opened) { clearTimeout(quiet); show(); }
    });
    socket.addEventListener("message", function () {
      if (!document.getElementById(ID) && held === null) return;
      clearTimeout(quiet);
      quiet = setTimeout(function () {
        if (socket.readyState === NativeSocket.OPEN) hide();
      }, QUIET_MS);
    });
    return socket;
  }
  Socket.prototype = NativeSocket.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (name) {
    Socket[name] = NativeSocket[name];
  });
  window.WebSocket = Socket;
})();
</script>
"""


def texts() -> dict[str, str]:
    """The message in every language the app speaks."""
    return {lang: Translator(lang)(LOST) for lang in available_languages()}


def script() -> bytes:
    """:data:`SCRIPT` with the texts, the storage key and the banner's id."""
    return (
        SCRIPT
        % {
            "texts": json.dumps(texts(), ensure_ascii=False, sort_keys=True),
            "key": json.dumps(LANGUAGE_KEY),
            "id": json.dumps(BANNER_ID),
        }
    ).encode("utf-8")


def with_reconnect_banner(index_html: bytes, code: bytes | None = None) -> bytes:
    """Flet's ``index.html`` with ``code`` (default :func:`script`) before
    Flet's own scripts.

    >>> page = b'<head><script src="python.js"></script></head>'
    >>> out = with_reconnect_banner(page, b"<script>banner</script>")
    >>> out.index(b"banner") < out.index(b'src="python.js"')
    True
    >>> with_reconnect_banner(b"<head></head>", b"")
    Traceback (most recent call last):
    ValueError: Flet's index.html no longer loads python.js: move the script
    """
    if index_html.count(_ANCHOR) != 1:
        raise ValueError("Flet's index.html no longer loads python.js: move the script")
    code = script() if code is None else code
    return index_html.replace(_ANCHOR, code + b"  " + _ANCHOR)


def tell_page_language(page: ft.Page, language: str) -> None:
    """Store the language the app speaks on this page in the browser, for
    the banner (:data:`LANGUAGE_KEY`); the app calls it (a component effect)
    whenever the language changes. A page that is not in a browser, or a
    browser that keeps nothing, has nothing to store: the banner then
    follows the browser's language."""
    if not page.web:
        return
    preferences = ft.SharedPreferences()  # registered with this page

    async def store() -> None:
        try:
            await preferences.set(_PREFERENCE, language)
        except Exception:  # a closed page, a browser that keeps nothing
            return

    page.run_task(store)
