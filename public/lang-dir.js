// Runs before React: a page loaded in Arabic is right-to-left from its first paint.
(function () {
  var lang = 'en';
  try { lang = localStorage.getItem('lang') === 'ar' ? 'ar' : 'en'; } catch (e) {}
  document.documentElement.lang = lang;
  document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
})();
