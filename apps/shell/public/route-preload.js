// Starts the page's code from <head> (a plain script, allowed by the CSP as 'self'), while the
// shell's own JavaScript still downloads: without it, a cold page fetched its frame, its remote's
// entry and its screen one after another, each only once the code before it had run.
// - the shell's lazy chunks the page needs: the build writes them per path prefix into the
//   #stockbook-route-preload data block (tools/vite/route-preload.ts);
// - /remotes.json, kept on window.stockbookRemotes for src/federation/remote-manifest.ts (one
//   request), then the entry and files of the remote module that renders the page. The path ->
//   remote module table below mirrors src/router.tsx (src/federation/route-preload.spec.ts holds
//   them together).
// Only hints: nothing here runs a remote, and a remote that does not answer costs only its slot.
(function () {
  var REMOTE_PAGES = [
    // [path pattern, remote, exposed module]
    [/^\/(features|pricing(\/.*)?|terms-and-conditions|privacy-policy|docs(\/[^/]+)?)?\/?$/, 'marketing', './pages'],
    [/^\/x\/inventory(\/.*)?$/, 'inventory', './App'],
    [/^\/x\/billing(\/.*)?$/, 'billing', './App'],
    [/^\/x\/locations(\/.*)?$/, 'admin', './Locations'],
    [/^\/x\/activity(\/.*)?$/, 'admin', './Activity'],
    [/^\/x\/admin(\/.*)?$/, 'admin', './App'],
    [/^\/x\/messages(\/.*)?$/, 'admin', './Messages'],
    [/^\/x\/profile(\/.*)?$/, 'admin', './Profile'],
  ];
  var path = window.location.pathname;
  var hinted = {};

  function hint(href) {
    if (hinted[href]) return;
    hinted[href] = true;
    var link = document.createElement('link');
    if (/\.css$/.test(href)) {
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
    }
    link.href = href;
    link.crossOrigin = 'anonymous';
    document.head.appendChild(link);
  }

  var table = {};
  var block = document.getElementById('stockbook-route-preload');
  try {
    if (block) table = JSON.parse(block.textContent || '{}');
  } catch {
    // an unreadable block: no hints
  }
  Object.keys(table).forEach(function (prefix) {
    if (path === prefix || path.indexOf(prefix + '/') === 0) table[prefix].forEach(hint);
  });

  var page = null;
  for (var i = 0; i < REMOTE_PAGES.length; i++) {
    if (REMOTE_PAGES[i][0].test(path)) {
      page = REMOTE_PAGES[i];
      break;
    }
  }
  var manifest = window.fetch('/remotes.json', { credentials: 'same-origin' }).then(function (response) {
    if (!response.ok) throw new Error('The remotes manifest could not be loaded (status ' + response.status + ').');
    return response.json();
  });
  // Handled here too, so a failure is not reported as unhandled before the shell takes it.
  manifest.catch(function () {});
  window.stockbookRemotes = manifest;
  if (!page) return;
  manifest
    .then(function (body) {
      var remote = body && body.remotes && body.remotes[page[1]];
      if (!remote || typeof remote.entry !== 'string') return;
      hint(new URL(remote.entry, window.location.origin).href);
      var files = (remote.preload && remote.preload[page[2]]) || [];
      files.forEach(function (file) {
        hint(new URL(file, window.location.origin).href);
      });
    })
    .catch(function () {});
})();
