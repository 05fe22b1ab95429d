// Applies the stored or preferred colour theme before the first paint.
(function () {
  var isDark = false;
  try {
    var stored = localStorage.getItem('theme');
    isDark = stored ? stored === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
  } catch (e) {
    isDark = false;
  }
  document.documentElement.classList.toggle('dark', isDark);
})();
