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

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "no-cache": revalidate with the server (a 304 costs no body), so an old
    // copy in the HTTP cache never mixes two builds.
    await cache.addAll(FILES.map((file) => new Request(file, { cache: "no-cache" })));
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
    return answer || fetch(request);
  })());
});
