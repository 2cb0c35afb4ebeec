"""Flet's Python worker started with the page, and from a memory snapshot
(issue 36): the changes ``build-web`` makes to Flet's ``python.js`` and
``python-worker.js``, in one place, each anchored on Flet 1.0.5's text (a Flet
upgrade that moves an anchor stops the build: ``tests/web/test_build_web.py``).

Measured (docs/performance.md, "The phone app's start"): Flet's page starts its
Python worker only when the Flutter client calls ``jsConnect``, 2–3 s after the
page opened; the worker then loads Pyodide (4–10 s: the WebAssembly, the
interpreter's start, the standard library), fetches and unpacks ``app.tar.gz``
and imports the app. The two halves ran one after the other.

* **early** (python.js): the worker is created and told to *preload* as soon
  as ``python.js`` runs, in parallel with Flutter; ``jsConnect`` takes that
  worker instead of a new one. The preload does only what does not depend on
  Flutter's connect arguments: Pyodide, the app archive, the imports.
* **hold** (python.js, python-worker.js): opened again (the page is the
  service worker's, so a snapshot is likely there), the worker reads the
  snapshot and the archive at once but compiles Pyodide's WebAssembly and
  restores only when Flutter's ``main.dart.js`` has run (its engine
  initializer made), at jsConnect, or :data:`PRELOAD_WAIT_MS` later,
  whichever comes first: on two cores the restore slowed Flutter's start
  (docs/performance.md, "Sixth pass"). A first visit starts at once.
* **snapshot** (python-worker.js): the first start makes a memory snapshot of
  the interpreter after the imports (Pyodide's ``_makeSnapshot`` /
  ``makeMemorySnapshot``) and keeps it in the browser's Cache Storage under
  this build's key (:func:`snapshot_key`); later starts restore it
  (``_loadSnapshot``) and skip the interpreter's start and the imports. A
  snapshot of another build is deleted; one that does not restore (Pyodide
  checks its own build id) is deleted and the worker starts as before. The
  games are not in the snapshot: they live in IndexedDB, read in by the app's
  own start (``web/browser.py``) after it, as before. Random numbers are
  seeded again after a restore.
* **unpack** (python-worker.js): ``app.tar.gz`` is unpacked by the worker's
  own JavaScript (``jollyUntar``: the browser's gunzip and a plain tar reader,
  ``tests/web/test_worker_untar.py``), not by Python's tarfile in
  WebAssembly; an archive it does not know is left to Pyodide as before.
  After a restore the modules are in memory and their bytecode is neither
  written nor gunzipped: ``build-web`` puts it last in the archive, in a gzip
  member of its own (``JOLLY_SOURCES_END``, :func:`sources_end`).
* **marks**: ``jolly-timeline NAME EPOCH_MS`` on the console at each step
  (``benchmarks/pwa.py --timeline`` reads them).
"""

from __future__ import annotations

import hashlib
import json
import re
import zlib
from pathlib import Path

__all__ = [
    "PRELOAD_MODULES",
    "SNAPSHOT_PREFIX",
    "early_python",
    "patch_python_js",
    "patch_worker_js",
    "snapshot_key",
]

#: Imported before the snapshot: the app's start (``web/browser.py`` imports
#: the app, the store and Flet), msgpack, and what Flet's worker imports at
#: connect (``runpy``, ``pyodide.http``).
PRELOAD_MODULES = (
    "jolly_scorer.web.browser",
    "msgpack",
    "flet.messaging.pyodide_connection",
    "runpy",
    "pyodide.http",
)
#: ``flet.messaging.pyodide_connection`` imports ``flet_js``, the worker's
#: namespace that Flet's worker registers at connect; before that it is taken
#: from ``globalThis.flet_js`` (the same object; in a snapshot it is held by
#: its path, so a restored interpreter finds the new worker's one).
#: Run in the snapshot's interpreter after the imports: the app's catalogs
#: and babel's locale data for every language, which the first screen would
#: otherwise read at each start; and every public name of Flet. Flet imports
#: a control's module when ``ft.NAME`` is first read (``flet.__getattr__``):
#: without them a restored app's ``main`` spent 3 of its 4.7 s importing and
#: compiling (no bytecode) ``flet.controls.theme`` and the first screen's
#: controls (measured with cProfile in the page's worker, docs/performance.md);
#: and the icons' names (a JSON file read when the first icon is drawn).
WARM = (
    "try:\n"
    "    from jolly_scorer.i18n import Translator, available_languages\n"
    "    for _language in available_languages():\n"
    "        Translator(_language).number(1.5)\n"
    "        Translator(_language)('New game')\n"
    "except Exception:\n"
    "    pass\n"
    "import flet as _flet\n"
    "for _name in _flet.__all__:\n"
    "    try:\n"
    "        getattr(_flet, _name)\n"
    "    except Exception:\n"
    "        pass\n"
    "for _icons in (_flet.Icons, _flet.CupertinoIcons):\n"
    "    getattr(_icons, 'ADD', None)\n"
)
#: Run after the imports and again after a restore, before ``jsConnect``
#: (the worker waits for it there): a throwaway screen diffed and packed as
#: Flet sends one, so that the first screen's diff and msgpack run on warm
#: code (the adaptive interpreter's specialised bytecode, which the snapshot
#: keeps, and the WebAssembly functions compiled, which it does not). Nothing
#: of it is sent; a failure is ignored.
WARM_SCREEN = """
def _jolly_warm_screen():
    try:
        import flet as ft
        import msgpack
        from flet.controls.base_control import BaseControl
        from flet.controls.object_patch import ObjectPatch
        from flet.messaging.protocol import configure_encode_object_for_msgpack

        column = ft.Column(
            [
                ft.Text("Jolly", size=20, weight=ft.FontWeight.BOLD),
                ft.Row(
                    [ft.Icon(ft.Icons.ADD), ft.FilledButton("A", icon=ft.Icons.ADD)]
                ),
                ft.Container(ft.ListTile(title=ft.Text("a"), subtitle=ft.Text("b"))),
                ft.TextButton("b"),
                ft.OutlinedButton("c"),
                ft.IconButton(ft.Icons.SETTINGS),
            ],
            scroll=ft.ScrollMode.AUTO,
        )
        bar = ft.AppBar(title=ft.Text("t"))
        view = ft.View(route="/", controls=[column], appbar=bar)
        patch = ObjectPatch.from_diff(None, view, control_cls=BaseControl)[0]
        encode = configure_encode_object_for_msgpack(BaseControl)
        msgpack.packb(patch.to_message(), default=encode)
    except Exception:
        pass


_jolly_warm_screen()
"""
#: Run before ``jsConnect`` (the worker is idle until then): what Flet's
#: bootstrap does at connect that does not depend on the connect's
#: arguments, that is the site's ``main.py`` (``ft.run``: Flet's
#: ``PyodideConnection`` registers ``flet_js.start_connection``) and the
#: bridge of ``print`` to the page's console pane. Flet's bootstrap script
#: (about 150 lines Pyodide would parse and compile at connect) is then not
#: run (``jolly_started``, :data:`W_BOOT`), and its connect only answers the
#: page. A failure leaves it all to the bootstrap, as before.
START = """
import runpy, sys
import flet_js
import msgpack as _jolly_msgpack

if '__pypackages__' not in sys.path:
    sys.path.insert(0, '__pypackages__')


def _jolly_send_python_output(text, is_stderr):
    # as Flet's bootstrap's _send_python_output: a 0x00 frame, [7, {...}]
    flet_js.receive_callback(
        bytes([0])
        + _jolly_msgpack.packb([7, {"text": text, "is_stderr": bool(is_stderr)}])
    )


runpy.run_module('main', run_name='__main__')
jolly_started = True
"""
FLET_JS = "import js, sys\nsys.modules.setdefault('flet_js', js.flet_js)\n"
#: Cache Storage names of snapshots (not the service worker's "jolly-scorer-").
SNAPSHOT_PREFIX = "jolly-snapshot-"

# -- python.js -------------------------------------------------------------------

#: Opened again, the longest the worker's restore waits for Flutter's
#: ``main.dart.js`` to have run before it starts anyway (ms).
PRELOAD_WAIT_MS = 3000

PY_ANCHOR_TOP = "let _documentUrl = document.URL;\n"
PY_EARLY = """let _documentUrl = document.URL;
// jolly-scorer (build-web): the Python worker starts with the page, in
// parallel with Flutter; jsConnect takes it (jolly_scorer/web/worker.py)
let _jollyWorker = null;
(function () {
    const mark = (name) => console.log(
        "jolly-timeline " + name + " " + (performance.timeOrigin + performance.now()));
    globalThis.jollyMark = mark;
    try {
        const base = flet.entrypointBaseUrl.endsWith("/") ?
            flet.entrypointBaseUrl.slice(0, -1) : flet.entrypointBaseUrl;
        const worker = new Worker(base + "/python-worker.js", { type: "module" });
        _jollyWorker = worker;
        // Opened again (the service worker answers, so a snapshot is likely
        // there) the worker reads at once but compiles and restores only once
        // Flutter's main.dart.js has run (its engine initializer made), at
        // most PRELOAD_WAIT ms later: the two then do not share the cores
        // while Flutter starts. A first visit starts at once.
        const hold = !!(navigator.serviceWorker && navigator.serviceWorker.controller);
        worker.postMessage({
            jollyPreload: true,
            jollyHold: hold,
            pyodideUrl: flet.pyodideUrl || "pyodide/pyodide.mjs",
            appPackageUrl: flet.appPackageUrl,
        });
        mark("page: worker started");
        let held = hold;
        const go = (why) => {
            if (!held) return;
            held = false;
            worker.postMessage({ jollyGo: true });
            mark("page: worker's restore begins (" + why + ")");
        };
        globalThis.jollyPreloadNow = () => go("jsConnect");
        if (hold) {
            const flutter = window._flutter || {};
            window._flutter = flutter;
            let loader = flutter.loader;
            const hook = (value) => {
                if (!value || typeof value !== "object") return;
                let made = value.didCreateEngineInitializer;
                Object.defineProperty(value, "didCreateEngineInitializer", {
                    configurable: true, enumerable: true,
                    get() {
                        return made && function (init) {
                            go("main.dart.js ran");
                            return made.call(this, init);
                        };
                    },
                    set(fn) { made = fn; },
                });
            };
            hook(loader);
            Object.defineProperty(flutter, "loader", {
                configurable: true, enumerable: true,
                get() { return loader; },
                set(value) { loader = value; hook(value); },
            });
            setTimeout(() => go("timeout"), __PRELOAD_WAIT__);
        }
        // 10 s after the app runs (its first screen drawn, not competing with
        // it): a worker of its own makes this build's snapshot if there is
        // none (it ends at once when there is one)
        let asked = false;
        globalThis.jollySnapshotLater = () => {
            if (asked) return;
            asked = true;
            setTimeout(() => {
                const maker = new Worker(
                    base + "/python-worker.js", { type: "module" });
                maker.postMessage({
                    jollySnapshot: true,
                    pyodideUrl: flet.pyodideUrl || "pyodide/pyodide.mjs",
                    appPackageUrl: flet.appPackageUrl,
                });
            }, 10000);
        };
    } catch (error) {
        console.warn("jolly-scorer: no early Python worker:", error);
        _jollyWorker = null;
    }
})();
"""
PY_ANCHOR_WORKER = "    app.worker = new Worker("
PY_TAKE_WORKER = """    globalThis.jollyMark && jollyMark("page: jsConnect");
    globalThis.jollyPreloadNow && jollyPreloadNow();
    const early = _jollyWorker;
    _jollyWorker = null;
    app.worker = early || new Worker("""
PY_ANCHOR_READY = "        console.log(`Python worker initialized: ${appId}`);\n"
PY_READY = PY_ANCHOR_READY + (
    '        globalThis.jollyMark && jollyMark("page: python initialized");\n'
    "        globalThis.jollySnapshotLater && jollySnapshotLater();\n"
)

# -- python-worker.js ---------------------------------------------------------------

W_ANCHOR_LOAD = """        self.pyodide = await loadPyodide({
            stdout: (text) => self.sendPythonOutput(text, false),
            stderr: (text) => self.sendPythonOutput(text, true),
        });
"""
W_LOAD = """        self.pyodide = await (self.jollyPreloaded || loadPyodide({
            stdout: (text) => self.sendPythonOutput(text, false),
            stderr: (text) => self.sendPythonOutput(text, true),
        }));
        self.jollyMark("worker: connect");
"""
W_ANCHOR_DOWNLOAD = '        if "script" not in py_args:\n'
W_DOWNLOAD = (
    '        if globals().get("jolly_preloaded"):\n'
    "            pass  # jolly-scorer: unpacked by the preload\n"
    '        elif "script" not in py_args:\n'
)
W_ANCHOR_BOOT = "        await self.pyodide.runPythonAsync(`\n"
W_BOOT = (
    "        // jolly-scorer: the app started before jsConnect (worker.py START):\n"
    "        // the bootstrap's script is not parsed and run again\n"
    '        if (self.pyodide.globals.get("jolly_started")) {\n'
    "            self.flet_js.send_python_output =\n"
    '                self.pyodide.globals.get("_jolly_send_python_output");\n'
    "            self.flet_js.userAppStarting();\n"
    "        } else await self.pyodide.runPythonAsync(`\n"
)
W_ANCHOR_STARTED = '        self.postMessage("initialized");\n'
W_STARTED = '        self.jollyMark("worker: app started");\n' + W_ANCHOR_STARTED
W_ANCHOR_MESSAGE = "self.onmessage = async (event) => {\n"
W_MESSAGE = """self.onmessage = async (event) => {
    if (event.data && event.data.jollyPreload) {
        self.jollyPreload(event.data);
        return;
    }
    if (event.data && event.data.jollyGo) {
        self.jollyGo();
        return;
    }
    if (event.data && event.data.jollySnapshot) {
        await self.jollySnapshot(event.data);
        return;
    }
"""
W_PRELOAD = r"""
// jolly-scorer (build-web): preload and memory snapshot, see
// jolly_scorer/web/worker.py
self.jollyMark = (name) => console.log(
    "jolly-timeline " + name + " " + (performance.timeOrigin + performance.now()));
const JOLLY_SNAPSHOT = "__SNAPSHOT__";
const JOLLY_PREFIX = "__PREFIX__";
const JOLLY_MODULES = __MODULES__;
// the snapshot also holds the screens shown later (ui/app.py LATER_SCREENS)
const JOLLY_SNAPSHOT_MODULES = __SNAPSHOT_MODULES__;
const JOLLY_FLET_JS = "__FLET_JS__";
const JOLLY_WARM = "__WARM__";
const JOLLY_START = "__START__";
const JOLLY_WARM_SCREEN = "__WARM_SCREEN__";

// The app started before jsConnect (worker.py START), and after a restore its
// first screen's code warmed (WARM_SCREEN); at connect only the page's
// register message and the first screen are left.
self.jollyStartApp = async function (pyodide, warm) {
    try {
        if (warm) {
            pyodide.runPython(JOLLY_WARM_SCREEN);
            self.jollyMark("worker: warmed");
        }
        await pyodide.runPythonAsync(JOLLY_START);
        self.jollyMark("worker: app ready");
    } catch (error) {
        console.warn("jolly-scorer: the app starts at connect:", error);
    }
};

self.jollyReadSnapshot = async function () {
    if (!self.caches) return null;
    for (const name of await caches.keys()) {
        if (name.startsWith(JOLLY_PREFIX) && name !== JOLLY_SNAPSHOT) {
            await caches.delete(name);  // another build's
        }
    }
    if (!(await caches.has(JOLLY_SNAPSHOT))) return null;
    const answer = await (await caches.open(JOLLY_SNAPSHOT)).match("snapshot");
    return answer ? new Uint8Array(await answer.arrayBuffer()) : null;
};

self.jollyKeepSnapshot = async function (snapshot) {
    try {
        const cache = await caches.open(JOLLY_SNAPSHOT);
        await cache.put("snapshot", new Response(snapshot));
        self.jollyMark("snapshot worker: kept");
    } catch (error) {
        console.warn("jolly-scorer: snapshot not kept:", error);
    }
};

// app.tar.gz unpacked here, not by Pyodide's unpackArchive (Python's tarfile
// and gzip in WebAssembly: 2-6 s after a restore at load 15): the browser's
// own gunzip (DecompressionStream) and a plain reader of the tar's entries
// (files and folders; ustar, pax and GNU long names). Anything else in it,
// or no DecompressionStream: unpackArchive as before. ``split``: where the
// archive's first gzip member ends and a second begins that holds only what
// ``skip`` skips (the bytecode, JOLLY_SOURCES_END): with ``skip`` that member
// is not gunzipped, without it each member is gunzipped apart.
self.jollyUntar = async function (pyodide, archive, skip, split) {
    const decoder = new TextDecoder();
    const gunzip = async (bytes) => new Uint8Array(await new Response(
        new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")),
    ).arrayBuffer());
    const whole = new Uint8Array(archive);
    let tar = await gunzip(split ? whole.subarray(0, split) : whole);
    if (split && !skip) {  // the bytecode's member, gunzipped apart
        const bytecode = await gunzip(whole.subarray(split));
        const both = new Uint8Array(tar.length + bytecode.length);
        both.set(tar);
        both.set(bytecode, tar.length);
        tar = both;
    }
    const field = (at, length) => {
        let end = at;
        while (end < at + length && tar[end] !== 0) end++;
        return decoder.decode(tar.subarray(at, end));
    };
    const paxPath = (data) => {  // records "LENGTH key=value\n", LENGTH in bytes
        let at = 0, path = null;
        while (at < data.length) {
            const space = data.indexOf(32, at);
            const length = parseInt(decoder.decode(data.subarray(at, space)), 10);
            if (!(space > at && length > 0)) break;
            const record = decoder.decode(data.subarray(space + 1, at + length - 1));
            if (record.startsWith("path=")) path = record.slice(5);
            at += length;
        }
        return path;
    };
    const FS = pyodide.FS;
    const home = FS.cwd();
    const made = new Set();
    const entries = [];
    let at = 0, longName = null;
    while (at + 512 <= tar.length && tar[at] !== 0) {
        const size = parseInt(field(at + 124, 12).trim() || "0", 8);
        const type = tar[at + 156] === 0 ? "0" : String.fromCharCode(tar[at + 156]);
        let name = field(at, 100);
        const prefix = field(at + 345, 155);
        if (field(at + 257, 6) === "ustar" && prefix) name = prefix + "/" + name;
        const data = tar.subarray(at + 512, at + 512 + size);
        at += 512 + Math.ceil(size / 512) * 512;
        if (type === "x" || type === "L") {
            longName = type === "x" ?
                paxPath(data) : decoder.decode(data).replace(/\0+$/, "");
            continue;
        }
        if (type === "g") continue;
        name = (longName || name).replace(/^\/+/, "");
        longName = null;
        if (name.split("/").includes("..")) throw new Error("tar: " + name);
        if (type !== "0" && type !== "5") throw new Error("tar entry type " + type);
        entries.push([type, name, data]);
    }
    for (const [type, name, data] of entries) {
        if (!name || name === "." || name === "./") continue;
        if (skip && skip.test(name)) continue;
        const path = home + "/" + name.replace(/\/+$/, "");
        const folder = type === "5" ? path : path.slice(0, path.lastIndexOf("/"));
        if (!made.has(folder)) {
            FS.mkdirTree(folder);
            made.add(folder);
        }
        if (type === "0") FS.writeFile(path, data);
    }
};

// After a restore the modules are in memory: their bytecode is not written
// (a module imported later compiles from its source, as before build-web
// compiled any), nor gunzipped: build-web puts it last, in a gzip member of
// its own that starts at JOLLY_SOURCES_END (0: one member)
const JOLLY_BYTECODE = /(^|\/)__pycache__\//;
const JOLLY_SOURCES_END = __SOURCES_END__;

self.jollyUnpack = async function (pyodide, archive, skip, split) {
    try {
        await self.jollyUntar(pyodide, archive, skip, split);
        return;
    } catch (error) {
        console.warn("jolly-scorer: archive unpacked by Pyodide:", error);
    }
    pyodide.unpackArchive(archive, "gztar");
};

self.jollyImport = async function (pyodide, archive, modules) {
    await self.jollyUnpack(pyodide, archive, undefined, JOLLY_SOURCES_END);
    self.jollyMark("worker: archive unpacked");
    pyodide.runPython(
        "import sys\nsys.path.insert(0, '__pypackages__')\n" + JOLLY_FLET_JS +
        modules.map((name) => "import " + name).join("\n"));
    self.jollyMark("worker: imports");
};

self.jollyFetchArchive = (url) => fetch(url).then((response) => {
    if (!response.ok) throw new Error("app archive: HTTP " + response.status);
    return response.arrayBuffer();
});

self.jollyOptions = () => ({
    stdout: (text) => self.sendPythonOutput(text, false),
    stderr: (text) => self.sendPythonOutput(text, true),
});

// Opened again, Pyodide's WebAssembly compiled from the start of the
// preload, beside the snapshot's read and the import of pyodide.mjs (Pyodide
// compiles it only once the 45 MB snapshot is read): its one
// instantiateStreaming takes the module compiled here. A failure leaves it to
// Pyodide as before.
self.jollyCompileWasm = function (pyodideUrl) {
    const url = new URL("pyodide.asm.wasm", new URL(pyodideUrl, self.location.href));
    const compiled = WebAssembly.compileStreaming(fetch(url.href));
    compiled.catch(() => {});
    const original = WebAssembly.instantiateStreaming;
    WebAssembly.instantiateStreaming = async function (source, imports) {
        WebAssembly.instantiateStreaming = original;
        let module;
        try {
            module = await compiled;
        } catch (error) {
            console.warn("jolly-scorer: WebAssembly compiled by Pyodide:", error);
            return original.call(WebAssembly, source, imports);
        }
        Promise.resolve(source).then((answer) => answer.body && answer.body.cancel())
            .catch(() => {});
        self.jollyMark("worker: wasm compiled");
        return { module, instance: await WebAssembly.instantiate(module, imports) };
    };
};

// The app's worker: restored from this build's snapshot if there is one,
// else started as Flet starts it (plus the imports, before jsConnect).
// The page's go (python.js): opened again, the compile and the restore wait
// for it (Flutter's main.dart.js has run, or jsConnect, or a time-out).
self.jollyGone = new Promise((resolve) => { self.jollyGo = resolve; });

self.jollyPreload = function (data) {
    if (!data.jollyHold) self.jollyGo();
    self.jollyPreloaded = (async () => {
        self.jollyMark("worker: preload");
        const reading = self.jollyReadSnapshot();
        reading.catch(() => {});
        const archive = self.jollyFetchArchive(data.appPackageUrl);
        const { loadPyodide } = await import(data.pyodideUrl);
        await self.jollyGone;
        self.jollyMark("worker: go");
        // only beside a snapshot's read: on a first visit there is nothing to
        // overlap, and an early compile only takes the cores from Flutter
        if (self.caches &&
            await caches.has(JOLLY_SNAPSHOT).catch(() => false)) {
            self.jollyCompileWasm(data.pyodideUrl);
        }
        let snapshot = null;
        try {
            snapshot = await reading;
        } catch (error) {
            console.warn("jolly-scorer: no snapshot:", error);
        }
        if (snapshot) {
            self.jollyMark("worker: snapshot read");
            try {
                // Pyodide 314.0.7 sets INITIAL_MEMORY for a snapshot, which its
                // module ignores (the memory is the module's own export): the
                // memory is grown to the snapshot's size before it is restored
                const asm = new URL(
                    "pyodide.asm.mjs", new URL(data.pyodideUrl, self.location.href));
                const factory = (await import(asm.href)).default;
                const size = snapshot.length;
                const createPyodideModule = async (settings) => {
                    const module = await factory(settings);
                    if (module.HEAP8.length < size) {
                        module._emscripten_resize_heap(size);
                    }
                    return module;
                };
                const pyodide = await loadPyodide({
                    ...self.jollyOptions(),
                    _loadSnapshot: snapshot,
                    createPyodideModule,
                });
                self.jollyMark("worker: pyodide from snapshot");
                await self.jollyUnpack(
                    pyodide, await archive, JOLLY_BYTECODE, JOLLY_SOURCES_END);
                self.jollyMark("worker: archive unpacked");
                pyodide.runPython("import random\nrandom.seed()");
                pyodide.globals.set("jolly_preloaded", true);
                await self.jollyStartApp(pyodide, true);
                return pyodide;
            } catch (error) {
                console.warn("jolly-scorer: snapshot not restored:", error);
                await caches.delete(JOLLY_SNAPSHOT).catch(() => {});
            }
        }
        const pyodide = await loadPyodide(self.jollyOptions());
        self.jollyMark("worker: pyodide");
        await self.jollyImport(pyodide, await archive, JOLLY_MODULES);
        pyodide.globals.set("jolly_preloaded", true);
        await self.jollyStartApp(pyodide, false);
        return pyodide;
    })();
    self.jollyPreloaded.catch((error) => console.warn("jolly-scorer: preload:", error));
};

// A worker of its own, started by the page once the app runs: makes this
// build's snapshot if there is none. Not the app's worker: while a snapshot
// can be made, Pyodide wraps globalThis in a proxy, and some of its getters
// (navigator.languages) then throw "Illegal invocation".
self.jollySnapshot = async function (data) {
    try {
        if (!self.caches || await caches.has(JOLLY_SNAPSHOT)) return;
        const { loadPyodide } = await import(data.pyodideUrl);
        const archive = self.jollyFetchArchive(data.appPackageUrl);
        const pyodide = await loadPyodide(
            { ...self.jollyOptions(), _makeSnapshot: true });
        await self.jollyImport(pyodide, await archive, JOLLY_SNAPSHOT_MODULES);
        pyodide.runPython(JOLLY_WARM);
        const made = pyodide.makeMemorySnapshot();
        self.jollyMark("snapshot worker: made, " + made.length + " bytes");
        await self.jollyKeepSnapshot(made);
    } catch (error) {
        console.warn("jolly-scorer: no snapshot made:", error);
    }
    // ends a little later, not at once: nothing of a cache write in flight
    // is cut short
    setTimeout(() => self.close(), 30000);
};
"""


KEY_SLOT = b'const JOLLY_SNAPSHOT = "__SNAPSHOT__";'


class AnchorMissing(ValueError):
    """Flet's file changed: the text a change is anchored on is not there once."""


def _replace_once(text: str, anchor: str, replacement: str, where: str) -> str:
    if text.count(anchor) != 1:
        raise AnchorMissing(f"{where}: {anchor.strip()[:60]!r} not found once")
    return text.replace(anchor, replacement, 1)


def snapshot_key(dist: Path) -> str:
    """The snapshot's Cache Storage name: a hash of what the interpreter's
    memory depends on (Pyodide, the app archive, the worker)."""
    digest = hashlib.sha256()
    names = ["app.tar.gz", "python-worker.js"]
    names += sorted(
        p.relative_to(dist).as_posix()
        for p in (dist / "pyodide").glob("*")
        if p.is_file()
    )
    for name in names:
        data = (dist / name).read_bytes()
        if name == "python-worker.js":  # as before its key was written in
            data = re.sub(rb'(const JOLLY_SNAPSHOT = )"[^"]*";', KEY_SLOT, data)
        digest.update(name.encode())
        digest.update(hashlib.sha256(data).digest())
    return SNAPSHOT_PREFIX + digest.hexdigest()[:12]


def patch_python_js(text: str) -> str:
    early = PY_EARLY.replace("__PRELOAD_WAIT__", str(PRELOAD_WAIT_MS))
    text = _replace_once(text, PY_ANCHOR_TOP, early, "python.js")
    text = _replace_once(text, PY_ANCHOR_WORKER, PY_TAKE_WORKER, "python.js")
    return _replace_once(text, PY_ANCHOR_READY, PY_READY, "python.js")


def sources_end(archive: bytes) -> int:
    """Where ``archive``'s first gzip member ends when another follows (0 when
    it is one member): ``build-web`` writes the modules' bytecode last, in a
    member of its own, which a restored worker does not gunzip.

    >>> import gzip
    >>> sources_end(gzip.compress(b"sources") + gzip.compress(b"bytecode"))
    27
    >>> sources_end(gzip.compress(b"everything"))
    0
    """
    first = zlib.decompressobj(wbits=31)
    first.decompress(archive)
    return len(archive) - len(first.unused_data) if first.unused_data else 0


def patch_worker_js(text: str, end: int = 0) -> str:
    """Flet's python-worker.js with the preload; ``end``: :func:`sources_end`
    of the site's app archive."""
    text = _replace_once(text, W_ANCHOR_LOAD, W_LOAD, "python-worker.js")
    text = _replace_once(text, W_ANCHOR_DOWNLOAD, W_DOWNLOAD, "python-worker.js")
    text = _replace_once(text, W_ANCHOR_BOOT, W_BOOT, "python-worker.js")
    text = _replace_once(text, W_ANCHOR_STARTED, W_STARTED, "python-worker.js")
    text = _replace_once(text, W_ANCHOR_MESSAGE, W_MESSAGE, "python-worker.js")
    from jolly_scorer.ui.app import LATER_SCREENS

    later = PRELOAD_MODULES + LATER_SCREENS
    preload = (
        W_PRELOAD.replace("__PREFIX__", SNAPSHOT_PREFIX)
        .replace("__MODULES__", json.dumps(list(PRELOAD_MODULES)))
        .replace("__SNAPSHOT_MODULES__", json.dumps(list(later)))
        .replace('"__FLET_JS__"', json.dumps(FLET_JS))
        .replace('"__WARM__"', json.dumps(WARM + WARM_SCREEN))
        .replace('"__START__"', json.dumps(START))
        .replace('"__WARM_SCREEN__"', json.dumps(WARM_SCREEN))
        .replace("__SOURCES_END__", str(end))
    )
    return text + preload


def early_python(dist: Path) -> None:
    """Apply both changes to a published site (the worker first: the
    snapshot's key hashes the changed worker)."""
    worker = dist / "python-worker.js"
    end = sources_end((dist / "app.tar.gz").read_bytes())
    changed = patch_worker_js(worker.read_text(encoding="utf-8"), end)
    worker.write_text(changed, encoding="utf-8")
    key = snapshot_key(dist)
    worker.write_text(changed.replace("__SNAPSHOT__", key), encoding="utf-8")
    python = dist / "python.js"
    python.write_text(
        patch_python_js(python.read_text(encoding="utf-8")), encoding="utf-8"
    )


def is_early(dist: Path) -> bool:
    return "jollyPreload" in (dist / "python.js").read_text(
        encoding="utf-8"
    ) and SNAPSHOT_PREFIX in (dist / "python-worker.js").read_text(encoding="utf-8")
