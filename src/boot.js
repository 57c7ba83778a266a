// Runs in the page's head, before the app's code has arrived (issue 6):
// - sets the language and direction, so an Arabic page is right-to-left from its first paint;
// - preloads the shopper's catalog next to the app's code, not after it;
// - asks for the first screen's data at once, in parallel with the app's code.
//   The app takes these answers instead of asking again (src/lib/early-data.ts);
// - preloads the image the first screen paints largest, once that data names it.
(function () {
  var lang = 'en';
  var token = null;
  try {
    lang = localStorage.getItem('lang') === 'ar' ? 'ar' : 'en';
    token = localStorage.getItem('userToken');
  } catch (e) {}
  var root = document.documentElement;
  root.lang = lang;
  root.dir = lang === 'ar' ? 'rtl' : 'ltr';

  // The build writes on this script's tag where it put each language's catalog
  // (vite.config.ts, bootHints): the shopper's is asked now, next to the app's
  // code, instead of once it has run. Only the catalog: preloading the first
  // screen's code too (a dozen links) cost this script up to 80 ms before the
  // first paint on a slow phone and gained no measurable LCP (issue 6).
  var catalog = document.currentScript && document.currentScript.getAttribute('data-catalog-' + lang);
  if (catalog) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = catalog;
    document.head.appendChild(link);
  }

  // The app's code: preloaded by the page, run once it has loaded and painted (vite.config.ts,
  // bootHints), so the first paint and the pictures do not wait for its evaluation.
  var bootScript = document.currentScript;
  var entry = bootScript && bootScript.getAttribute('data-entry');
  if (entry) {
    var started = false;
    var start = function () {
      if (started) return;
      started = true;
      requestAnimationFrame(function () {
        setTimeout(function () {
          // The code the entry runs in steps (src/main.tsx), asked with it: a page the server
          // rendered has none of it preloaded, and each step would wait for its file in turn.
          var code = bootScript.getAttribute('data-code') || '';
          code.split(' ').forEach(function (file) {
            if (!file || document.querySelector('link[rel="modulepreload"][href="' + file + '"]')) return;
            var preload = document.createElement('link');
            preload.rel = 'modulepreload';
            preload.crossOrigin = '';
            preload.href = file;
            document.head.appendChild(preload);
          });
          var app = document.createElement('script');
          app.type = 'module';
          app.crossOrigin = '';
          app.src = entry;
          // No app (its file failed): the server's page at least works as a page, links and all.
          app.onerror = function () {
            var page = document.getElementById('root');
            if (page) page.removeAttribute('inert');
            root.classList.remove('attar-render-stale');
          };
          document.head.appendChild(app);
        }, 0);
      });
    };
    if (document.readyState === 'complete') start();
    else {
      window.addEventListener('load', start);
      // A picture that never finishes loading does not hold the app back past this.
      document.addEventListener('DOMContentLoaded', function () { setTimeout(start, 2500); });
    }
  }

  // The server renders a first screen in the language of this cookie (server/plugins/external/storefront-render.ts).
  try {
    document.cookie = 'lang=' + lang + '; path=/; max-age=31536000; samesite=lax';
  } catch (e) {}
  // A page the server rendered holds its shell's data (the footer's, the banner's) and, for the
  // catalog's screens (data-screen), the screen's with its images: nothing of it to ask again.
  // Rendered in the other language (a cookie older than this device's choice), it stays hidden
  // until the app has drawn the page in the shopper's (src/main.tsx).
  var rendered = document.querySelector('meta[name="attar-server-render"]');
  var shellAnswered = false;
  if (rendered) {
    if (rendered.getAttribute('content') !== lang) root.classList.add('attar-render-stale');
    else if (rendered.hasAttribute('data-screen')) return;
    else shellAnswered = true;
  }

  // Offline the app asks only what the service worker keeps (src/pwa/offline-read.ts): it asks itself.
  if (typeof fetch !== 'function' || typeof Promise !== 'function' || navigator.onLine === false) return;
  // Each call exactly as the app's own (src/lib/api-client.ts): same URL, same headers.
  var early = (window.__attarEarly = { at: Date.now(), answers: {} });
  function ask(path, withToken) {
    var headers = { lang: lang };
    if (withToken && token) headers.authorization = 'Bearer ' + token;
    var answer = fetch('/api' + path, { headers: headers });
    // Taken or not, a failure here is the app's to meet when it asks itself.
    answer.catch(function () {});
    early.answers[path + '|' + lang + '|' + (headers.authorization || '')] = answer;
    return answer;
  }
  // The image these screens paint largest (their LCP) is named in their answer: asked as soon as
  // the answer is in, rather than a round trip after the app has drawn its <img>.
  function preloadImages(answer, pick) {
    answer
      .then(function (response) { return response.ok ? response.clone().json() : null; })
      .then(function (body) {
        var sources = (body && body.data && pick(body.data)) || [];
        for (var i = 0; i < sources.length; i++) {
          // The shop's own paths only (not '//host/…').
          if (typeof sources[i] !== 'string' || !/^\/(?!\/)/.test(sources[i])) continue;
          var link = document.createElement('link');
          link.rel = 'preload';
          link.setAttribute('as', 'image');
          link.href = sources[i];
          link.setAttribute('fetchpriority', 'high');
          document.head.appendChild(link);
        }
      })
      .catch(function () {});
  }
  var path = location.pathname.replace(/\/+$/, '') || '/';
  var details = /^\/products\/product-details\/(\d+)$/.exec(path);
  // On every page: the footer's best sellers, and the home data for the banner's message.
  var home;
  if (!shellAnswered) {
    ask('/products/bestseller', true);
    home = ask('/home', true);
  }
  if (details) {
    preloadImages(ask('/products/details/' + details[1], false), function (d) { return [d.OverView_Product.main_image]; });
  } else if (path === '/products' && !location.search) {
    // The first row on a phone.
    preloadImages(ask('/products', true), function (d) { return d.products.slice(0, 2).map(function (p) { return p.image; }); });
  } else if ((path === '/cart' || path === '/carts') && token) {
    ask('/showCard', true);
  }
  if (path === '/' && home) preloadImages(home, function (d) { return [d.Data_home_page.hero_image]; });
})();
