// Runs in the page's head, before the app's code has arrived (issue 6):
// - sets the language and direction, so an Arabic page is right-to-left from its first paint;
// - preloads the shopper's catalog next to the app's code, not after it;
// - asks for the first screen's data at once, in parallel with the app's code.
//   The app takes these answers instead of asking again (src/lib/early-data.ts).
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

  // The build writes each catalog's file on this script's tag (vite.config.ts, catalogHints).
  var catalog = document.currentScript && document.currentScript.getAttribute('data-catalog-' + lang);
  if (catalog) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = catalog;
    document.head.appendChild(link);
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
  }
  var path = location.pathname.replace(/\/+$/, '') || '/';
  var details = /^\/products\/product-details\/(\d+)$/.exec(path);
  // The footer's data is on every page.
  ask('/products/bestseller', true);
  if (details) ask('/products/details/' + details[1], false);
  else if (path === '/products' && !location.search) ask('/products', true);
  else if ((path === '/cart' || path === '/carts') && token) ask('/showCard', true);
  else if (path === '/') ask('/home', true);
})();
