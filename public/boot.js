/*
 * Loads the app's JavaScript after the server-rendered page is on screen: at once for a returning
 * member (their chat opens), otherwise on the first touch, key or focus, or when the browser is
 * idle. The page is complete without it; this keeps the first paint free of script downloads.
 * Whatever the visitor types meanwhile is kept, and an early press of the button is not lost.
 */
(function () {
  var me = document.currentScript;
  var app = me && me.getAttribute('data-app');
  if (!app) return;
  var preload = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  function load() {
    if (started) return;
    started = true;
    preload.concat(app).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.src = app;
    document.head.appendChild(script);
  }
  // A form sent before the app is ready is held (not posted away) and sent by the app once live.
  document.addEventListener(
    'submit',
    function (event) {
      if (window.majlisReady) return;
      event.preventDefault();
      // The app sends it itself once live; it must not also see (and replay) this event.
      event.stopImmediatePropagation();
      window.majlisPendingSubmit = event.target;
      load();
    },
    true,
  );
  var returning;
  try {
    returning = !!localStorage.getItem('majlis.session');
  } catch {
    returning = false;
  }
  if (returning) return load();
  ['pointerdown', 'keydown', 'focusin', 'touchstart'].forEach(function (type) {
    addEventListener(type, load, { once: true, passive: true, capture: true });
  });
  if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 2500 });
  else setTimeout(load, 200);
})();
