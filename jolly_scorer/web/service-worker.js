'use strict';
// jolly-scorer's service worker, written by `jolly-scorer build-web` (Flet's own
// flutter_service_worker.js is a stub that unregisters itself). Cache-first:
// every file of the site is fetched at install and stored (Flet's client once the
// worker activates, see LATER), then answered from the cache, so the installed
// app starts with no network. A new build has a new VERSION (the
// hash of its files): the browser sees a changed worker, installs the new files
// beside the old ones and deletes the old cache once the new one is complete.
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = "jolly-scorer-" + VERSION;
const PREFIX = "jolly-scorer-";
// Flutter ships CanvasKit twice (canvaskit/ for every browser, canvaskit/chromium/
// for Chromium's); the page says which one it loads (?canvaskit=), the other is
// not stored. A miss (that browser changed) is fetched and stored when online.
const CANVASKIT = new URL(self.location.href).searchParams.get("canvaskit");
const UNUSED = CANVASKIT === "chromium" ? /^canvaskit\/canvaskit\./
  : CANVASKIT === "full" ? /^canvaskit\/chromium\// : null;
const BASE = new URL("./", self.location.href).pathname;
const STORED = FILES.filter((file) => !(UNUSED && UNUSED.test(file)));

// Flet's client (main.dart.js, 9.6 MB) is stored when the worker activates,
// not while it installs: Chrome compiles every function of a script stored
// during install ahead of time (a "full" code cache, 24 MB for this one), and
// with it the script ran 1.0 s at every opening, against 0.43 s with the code
// cache Chrome makes itself once the script has run (docs/performance.md,
// "Thirteenth pass"). It is still fetched at install, so an install that
// completes has every file.
const LATER = STORED.filter((file) => file === "main.dart.js");
const held = new Map(); // LATER's answers, fetched at install, stored at activate

function fresh(file) {
  // "no-cache": revalidate with the server (a 304 costs no body), so an old
  // copy in the HTTP cache never mixes two builds.
  return new Request(file, { cache: "no-cache" });
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(STORED.filter((file) => !LATER.includes(file)).map(fresh));
    for (const file of LATER) {
      const answer = await fetch(fresh(file));
      if (!answer.ok) throw new TypeError(`${file}: ${answer.status}`);
      await answer.clone().arrayBuffer(); // all of it here, while installing
      held.set(file, answer);
    }
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    for (const file of LATER) {
      // fetched again if the browser stopped the worker since its install
      await cache.put(file, held.get(file) ?? await fetch(fresh(file)));
    }
    held.clear();
    // the old build's files go once the new one is whole
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) {
        await caches.delete(name);
      }
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    let answer = await cache.match(request, { ignoreSearch: true });
    if (!answer && request.mode === "navigate") {
      answer = await cache.match("index.html");
    }
    if (answer) return answer;
    const fetched = await fetch(request);
    if (fetched.ok && FILES.includes(new URL(request.url).pathname.replace(BASE, ""))) {
      await cache.put(request, fetched.clone());
    }
    return fetched;
  })());
});
