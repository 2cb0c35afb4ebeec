'use strict';
// jolly-scorer's service worker, written by `jolly-scorer build-web` (Flet's own
// flutter_service_worker.js is a stub that unregisters itself). Cache-first:
// every file of the site is stored at install, then answered from the cache, so
// the installed app starts with no network. A new build has a new VERSION (the
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

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "no-cache": revalidate with the server (a 304 costs no body), so an old
    // copy in the HTTP cache never mixes two builds.
    await cache.addAll(STORED.map((file) => new Request(file, { cache: "no-cache" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
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
