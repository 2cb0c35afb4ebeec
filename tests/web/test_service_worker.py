"""The phone app's service worker (jolly_scorer/web/service-worker.js) run in
Node with stand-ins for the browser's caches and network: what it stores while
it installs, what when it activates, and when the old build's files go.

Chrome compiles every function of a script stored while a worker installs (a
"full" code cache); for Flet's client that made each opening slower, so the
client is fetched at install but stored at activate (docs/performance.md,
"Thirteenth pass"). The browser test (tests/e2e/test_pwa.py) shows the whole
site served offline. Skipped where there is no Node."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from jolly_scorer.web import build

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="no Node.js")

FILES = ["index.html", "main.dart.js", "python.js", "canvaskit/canvaskit.wasm"]

SETUP = r"""
const log = [];
let phase = "none";
const handlers = {};
const stores = new Map([["jolly-scorer-old", new Map([["main.dart.js", "old"]])]]);
const offline = new Set(JSON.parse(process.argv[2]));
class Request { constructor(url, init) { this.url = url; this.init = init; } }
globalThis.Request = Request;
const name = (request) => typeof request === "string" ? request : request.url;
globalThis.fetch = async (request) => {
  const file = name(request);
  log.push(["fetch", phase, file]);
  if (offline.has(file)) throw new TypeError("offline: " + file);
  return new Response("body of " + file, { status: 200 });
};
globalThis.caches = {
  async open(key) {
    if (!stores.has(key)) stores.set(key, new Map());
    const store = stores.get(key);
    return {
      async addAll(requests) {
        for (const request of requests) {
          const answer = await fetch(request);
          store.set(name(request), await answer.text());
          log.push(["put", phase, name(request)]);
        }
      },
      async put(request, answer) {
        store.set(name(request), await answer.text());
        log.push(["put", phase, name(request)]);
      },
      async match(request) { return store.has(name(request)) ? "found" : undefined; },
    };
  },
  async keys() { return [...stores.keys()]; },
  async delete(key) { log.push(["delete", phase, key]); return stores.delete(key); },
};
globalThis.self = {
  location: { href: "https://scores.example/service-worker.js?v=1&canvaskit=full" },
  addEventListener(type, handler) { handlers[type] = handler; },
  async skipWaiting() {},
  clients: { async claim() { log.push(["claim", phase, ""]); } },
};
"""

RUN = r"""
async function dispatch(type) {
  phase = type;
  let done = null;
  handlers[type]({ waitUntil(promise) { done = promise; } });
  try { await done; return "ok"; } catch (error) { return String(error); }
}
const installed = await dispatch("install");
const activated = installed === "ok" ? await dispatch("activate") : "not run";
const kept = Object.fromEntries([...stores].map(([k, v]) => [k, [...v.keys()].sort()]));
console.log(JSON.stringify({ installed, activated, log, kept }));
"""


def run_worker(tmp_path: Path, offline: tuple[str, ...] = ()) -> dict[str, object]:
    worker = (build.HERE / build.SERVICE_WORKER).read_text()
    worker = worker.replace("__VERSION__", "new")
    worker = worker.replace("__FILES__", json.dumps(FILES))
    script = tmp_path / "worker.mjs"
    script.write_text(SETUP + worker.replace("'use strict';", "", 1) + RUN)
    assert NODE is not None
    out = subprocess.run(
        [NODE, str(script), json.dumps(list(offline))],
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, object] = json.loads(out.stdout)
    return result


def test_the_client_is_fetched_at_install_and_stored_at_activate(
    tmp_path: Path,
) -> None:
    result = run_worker(tmp_path)
    assert result["installed"] == "ok" and result["activated"] == "ok"
    log = [tuple(step) for step in result["log"]]  # type: ignore[attr-defined]
    installing = {f for kind, phase, f in log if (kind, phase) == ("put", "install")}
    assert installing == set(FILES) - {"main.dart.js"}
    # fetched while installing (an install that completes has every file) ...
    assert ("fetch", "install", "main.dart.js") in log
    # ... and stored once it activates, not fetched again
    assert ("put", "activate", "main.dart.js") in log
    assert ("fetch", "activate", "main.dart.js") not in log
    # the old build's files go after the new one is whole
    assert log.index(("delete", "activate", "jolly-scorer-old")) > log.index(
        ("put", "activate", "main.dart.js")
    )
    assert result["kept"] == {"jolly-scorer-new": sorted(FILES)}


def test_an_install_that_cannot_fetch_the_client_fails(tmp_path: Path) -> None:
    result = run_worker(tmp_path, offline=("main.dart.js",))
    assert "offline: main.dart.js" in str(result["installed"])
    assert result["activated"] == "not run"
    # the old build stays whole, the one in use
    kept = result["kept"]
    assert isinstance(kept, dict)
    assert kept["jolly-scorer-old"] == ["main.dart.js"]
