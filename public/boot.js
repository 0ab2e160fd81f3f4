// Starts the app after the page from index.html has painted once: a slow phone shows the
// header, the categories and the loading text before it spends its network and CPU on
// JavaScript. The entry and the modules it imports are requested together, so nothing waits
// on a chain of imports.
(function () {
  var boot = document.currentScript;
  var entry = boot && boot.getAttribute('data-entry');
  if (!entry) return;
  var preloads = (boot.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  requestAnimationFrame(function () {
    setTimeout(function () {
      preloads.forEach(function (href) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.appendChild(link);
      });
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = entry;
      document.head.appendChild(script);
    }, 0);
  });
})();
