// Starts the page's code from <head> (a plain script, allowed by the CSP as 'self'), while the
// shell's own JavaScript still downloads: without it, a cold page fetched its frame, its remote's
// entry and its screen one after another, each only once the code before it had run.
// - the shell's lazy chunks the page needs: the build writes them per path prefix (or, for the
//   dashboard, per page) into the #stockbook-route-preload data block (tools/vite/route-preload.ts);
// - /remotes.json, kept on window.stockbookRemotes for src/federation/remote-manifest.ts (one
//   request), then the entry and files of the remote module that renders the page. The path ->
//   remote module table below mirrors src/router.tsx (src/federation/route-preload.spec.ts holds
//   them together).
// - on a signed-in page under /x (the API drew the frame's placeholder into the HTML: it saw a
//   session), the page's first API calls: the frame's (user/details, the locations, the inbox) and
//   the first data of the screen at this path (EARLY_CALLS). Without them, each call waited for the
//   code that asks it: user/details for the shell, the locations for the frame, the items for the
//   inventory remote's screen, one after another. The answers wait on window.stockbookEarlyCalls,
//   where @stockbook/api-client takes each (once, while fresh) instead of asking again: read
//   already, as the initial data of its query (apiQuery), so the screen's first render shows it;
//   still on its way, as apiRequest's answer. A call no screen takes is simply not used. The URLs
//   must be the ones apiRequest builds (same parameters, same order):
//   src/federation/route-preload.spec.ts holds them to the query options.
// Only hints and reads: nothing here runs a remote, and a remote that does not answer costs only its slot.
(function () {
  var REMOTE_PAGES = [
    // [path pattern, remote, the files to hint: an exposed module's, or those of a module it
    // loads as it starts (by source path: the remote's build lists them, module-preloads.json)]
    [/^\/(features|pricing(\/.*)?|terms-and-conditions|privacy-policy|docs(\/[^/]+)?)?\/?$/, 'marketing', ['./pages']],
    [/^\/x\/inventory(\/.*)?$/, 'inventory', ['./App', 'src/app.tsx']],
    // Where the section opens (as inventory-mf's src/app.tsx decides).
    [/^\/x\/inventory(\/items\/[^/]+)?\/?$/, 'inventory', ['src/items/items-page.tsx']],
    [/^\/x\/billing(\/.*)?$/, 'billing', ['./App', 'src/app.tsx', 'src/billing-section.tsx']],
    // The new sale, where the section opens (as billing-mf's src/app.tsx decides).
    [/^\/x\/billing(\/sale)?\/?$/, 'billing', ['src/sale/sale-page.tsx']],
    [/^\/x\/locations(\/.*)?$/, 'admin', ['./Locations']],
    [/^\/x\/activity(\/.*)?$/, 'admin', ['./Activity']],
    [/^\/x\/admin(\/.*)?$/, 'admin', ['./App']],
    [/^\/x\/messages(\/.*)?$/, 'admin', ['./Messages']],
    [/^\/x\/profile(\/.*)?$/, 'admin', ['./Profile']],
    // The dashboard: its widgets (src/pages/dashboard-page.tsx), from two remotes.
    [/^\/x\/?$/, 'billing', ['./Widgets']],
    [/^\/x\/?$/, 'inventory', ['./Widgets']],
  ];
  // [path pattern, the API calls (under /api/v1/, [path, [[name, value]...]]) its screen asks first]
  var EARLY_CALLS = [
    [/^\/x(\/.*)?$/, function () {
      return [['user/details', []], ['user/location', []], ['user/message', []]];
    }],
    // The items screen's first page (the screen's defaults: use-item-filters.ts), at the working location.
    [/^\/x\/inventory\/?$/, function (early) {
      return [['user/inventory/list', [['location', early.location], ['page', '1'], ['limit', '50']]]];
    }],
    // The dashboard's widgets that do not depend on the clock: Today, recent invoices, low stock.
    [/^\/x\/?$/, function (early) {
      return [
        ['user/report/summary', [['locations', early.location], ['timeZone', browserTimeZone()]]],
        ['user/invoice/paginated', [['page', '1'], ['limit', '5'], ['locations', early.location]]],
        ['user/inventory/list', [['lowStock', 'true'], ['location', early.location], ['page', '1'], ['limit', '5']]],
      ];
    }],
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
  // A key names a path prefix (the page and every page under it), or with '=' first one page.
  Object.keys(table).forEach(function (key) {
    var exact = key.charAt(0) === '=';
    var prefix = exact ? key.slice(1) : key;
    if (path === prefix || (exact ? path === prefix + '/' : path.indexOf(prefix + '/') === 0)) table[key].forEach(hint);
  });

  startEarlyCalls();

  var pages = REMOTE_PAGES.filter(function (entry) {
    return entry[0].test(path);
  });
  var manifest = window.fetch('/remotes.json', { credentials: 'same-origin' }).then(function (response) {
    if (!response.ok) throw new Error('The remotes manifest could not be loaded (status ' + response.status + ').');
    return response.json();
  });
  // Handled here too, so a failure is not reported as unhandled before the shell takes it.
  manifest.catch(function () {});
  window.stockbookRemotes = manifest;
  if (pages.length === 0) return;
  manifest
    .then(function (body) {
      pages.forEach(function (page) {
        var remote = body && body.remotes && body.remotes[page[1]];
        if (!remote || typeof remote.entry !== 'string') return;
        hint(new URL(remote.entry, window.location.origin).href);
        page[2].forEach(function (module) {
          var files = (remote.preload && remote.preload[module]) || [];
          files.forEach(function (file) {
            hint(new URL(file, window.location.origin).href);
          });
        });
      });
    })
    .catch(function () {});

  /**
   * The working location this browser last chose (src/session/location-choice.ts keeps it per
   * user; before user/details answers the user is not known, so only when one user is
   * remembered). None: all the user's locations, the owner's default.
   */
  function rememberedLocation() {
    try {
      var found = null;
      for (var i = 0; i < window.localStorage.length; i++) {
        var key = window.localStorage.key(i);
        if (!key || key.indexOf('stockbook-location:') !== 0) continue;
        if (found !== null) return null; // several users on this browser: not guessed
        found = window.localStorage.getItem(key);
      }
      return found;
    } catch {
      return null; // storage blocked
    }
  }

  /**
   * The browser's time zone, as libs/ui's browserTimeZone asks it: Temporal's answer is free, while
   * Intl.DateTimeFormat() first loads the locale's date data (13 to 21 ms before the shell could
   * start, on every page, when only the dashboard's call needs it).
   */
  function browserTimeZone() {
    try {
      var zone = window.Temporal && window.Temporal.Now && window.Temporal.Now.timeZoneId();
      if (zone) return zone;
    } catch {
      // no usable Temporal: ask Intl
    }
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  }

  function startEarlyCalls() {
    // A filtered or paged screen (query string) asks something else: only the bare paths.
    if (window.location.search || !document.querySelector('#root > .sb-boot')) return;
    var early = { location: rememberedLocation() };
    var calls = {};
    EARLY_CALLS.forEach(function (entry) {
      if (!entry[0].test(path)) return;
      entry[1](early).forEach(function (call) {
        // Written as apiRequest writes it (URLSearchParams, absent values left out).
        var params = new URLSearchParams();
        call[1].forEach(function (pair) {
          if (pair[1] !== null && pair[1] !== undefined) params.append(pair[0], pair[1]);
        });
        var query = params.toString();
        var url = '/api/v1/' + call[0] + (query ? '?' + query : '');
        // The request apiRequest would send (a GET with the session cookie, JSON).
        var response = window.fetch(url, {
          credentials: 'include',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
        });
        response.catch(function () {}); // the caller that takes it reports a failure
        var call = { at: window.performance.now(), response: response };
        // A successful answer is read as it lands (from a clone: the response stays unread for a
        // caller that takes it), so the screen's first render can show it (api-client apiQuery).
        response
          .then(function (answer) {
            if (!answer.ok) return undefined;
            return answer
              .clone()
              .json()
              .then(function (body) {
                call.body = body;
                call.read = true;
              });
          })
          .catch(function () {});
        calls[url] = call;
      });
    });
    window.stockbookEarlyCalls = calls;
  }
})();
