// Starts the app after the page from index.html has painted once: a slow phone shows the
// header, the categories and the loading text before it spends its network and CPU on
// JavaScript. Every module is requested before any runs (modulepreload): the entry, what it
// imports, and the chunks of the route this path lands on (data-routes), so nothing waits on a
// chain of imports. The entry's imports are then run in dependency order, one per task, so that no
// single long task holds the main thread while the framework starts; the route's chunks are
// run by the router when it renders the route. A page the service worker controls starts at
// once (below).
(function () {
  var boot = document.currentScript;
  var entry = boot && boot.getAttribute('data-entry');
  if (!entry) return;
  var preloads = (boot.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var routeChunks = [];
  JSON.parse(boot.getAttribute('data-routes') || '[]').forEach(function (route) {
    if (new RegExp(route[0]).test(location.pathname)) routeChunks = route[1];
  });
  function nextTask() {
    return new Promise(function (resolve) {
      setTimeout(resolve, 0);
    });
  }
  // Fetched, not run, once the app has started: chunks a screen may need later, even offline
  // on a page no service worker controls (data-later).
  var later = (boot.getAttribute('data-later') || '').split(' ').filter(Boolean);
  function whenIdle() {
    return new Promise(function (resolve) {
      if ('requestIdleCallback' in window) requestIdleCallback(resolve, { timeout: 5000 });
      else setTimeout(resolve, 1000);
    });
  }
  // Chromium spends a millisecond or more on each link it is given (a few on a slow phone): a
  // few links per task keep each task short, in the order they are needed. Six took 50-110 ms at
  // 4x CPU, in the task that also starts the first import; three, 25-55 ms.
  // The shell's own chunks that every page loads just after its first screen (data-shell).
  var shellChunks = (boot.getAttribute('data-shell') || '').split(' ').filter(Boolean);
  var links = preloads.concat([entry], routeChunks, shellChunks);
  var linksPerTask = 3;
  function appendLinks(list, from, perTask) {
    list.slice(from, from + perTask).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    if (from + perTask < list.length) {
      nextTask().then(function () {
        appendLinks(list, from + perTask, perTask);
      });
    }
  }
  // A page the service worker controls reads every module from the device, with no network to
  // overlap: the app starts at once, all its modules asked for in one task (a task per few links
  // and per import only delayed the saved list's paint, by about a sixth at 4x CPU), and the
  // chunks for later are in the worker's precache already.
  if (navigator.serviceWorker && navigator.serviceWorker.controller) {
    appendLinks(links, 0, links.length);
    import(entry);
    return;
  }
  requestAnimationFrame(function () {
    setTimeout(function () {
      appendLinks(links, 0, linksPerTask);
      var chain = Promise.resolve();
      preloads.forEach(function (href) {
        chain = chain
          .then(function () {
            return import(href);
          })
          .then(nextTask);
      });
      // A module that failed alone is loaded again by the entry, which reports the error.
      chain
        .catch(function () {})
        .then(function () {
          return import(entry);
        })
        .then(whenIdle)
        .then(function () {
          appendLinks(later, 0, linksPerTask);
        });
    }, 0);
  });
})();
