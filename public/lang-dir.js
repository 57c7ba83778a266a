// Runs before React: a page loaded in Arabic is right-to-left from its first paint,
// and the shopper's catalog is asked for next to the app's code, not after it.
(function () {
  var lang = 'en';
  try { lang = localStorage.getItem('lang') === 'ar' ? 'ar' : 'en'; } catch (e) {}
  document.documentElement.lang = lang;
  document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
  // The build writes each catalog's file on this script's tag (vite.config.ts, catalogHints).
  var catalog = document.currentScript && document.currentScript.getAttribute('data-catalog-' + lang);
  if (catalog) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = catalog;
    document.head.appendChild(link);
  }
})();
