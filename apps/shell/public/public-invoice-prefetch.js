// The public invoice page's one call, started while the page's JavaScript is still downloading
// (a plain script in <head>, allowed by the CSP as 'self'): GET public/invoice/{link} without
// credentials. src/public-invoice/public-invoice-fetch.ts takes this answer over (it fetches by
// itself when this did not run) and reads the link the same way (invoiceIdFrom).
(function () {
  var rest = window.location.pathname.replace(/^\/i(\/|$)/, '').replace(/\/+$/, '');
  if (!rest) return;
  var link = rest;
  try {
    link = decodeURIComponent(rest);
  } catch (error) {
    // a malformed escape: the link as written
  }
  var response = window.fetch('/api/v1/public/invoice/' + encodeURIComponent(link), {
    credentials: 'omit',
    headers: { accept: 'application/json' },
  });
  // Handled here too, so a failure is not reported as unhandled before the page takes it.
  response.catch(function () {});
  window.stockbookPublicInvoice = { link: link, response: response };
})();
