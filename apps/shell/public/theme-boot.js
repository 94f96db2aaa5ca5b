// Runs before the first paint (a plain script in <head>, allowed by the CSP as 'self'):
// puts the stored theme on <html> so a reload never flashes the wrong one. The shell's
// theme store takes over once it loads. Key and rules: libs/shell-context/src/theme.ts.
(function () {
  var preference = 'system';
  try {
    var stored = window.localStorage.getItem('stockbook-theme');
    if (stored === 'light' || stored === 'dark' || stored === 'system') preference = stored;
  } catch (error) {
    // storage blocked: keep the default
  }
  var dark = preference === 'dark' || (preference === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  var theme = dark ? 'dark' : 'light';
  document.documentElement.setAttribute('data-theme', theme);
})();
