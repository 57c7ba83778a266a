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
  // On every page: the footer's best sellers, and the home data for the banner's message.
  ask('/products/bestseller', true);
  ask('/home', true);
  if (details) ask('/products/details/' + details[1], false);
  else if (path === '/products' && !location.search) ask('/products', true);
  else if ((path === '/cart' || path === '/carts') && token) ask('/showCard', true);
})();
