import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { businessQueryOptions, locationsQueryOptions } from '@stockbook/api-client';
import type { Business, Invoice } from '@stockbook/contracts';
import { businessCalendar } from '@stockbook/domain';
import { receiptLines } from './receipt';

// On screen the receipt is hidden; on paper it is all there is.
const PRINT_CSS = `
.sb-receipt-print { display: none; }
@media print {
  body > *:not(.sb-receipt-print) { display: none !important; }
  .sb-receipt-print { display: block; }
  .sb-receipt-print pre { margin: 0; font: 12px/1.25 ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace; white-space: pre; color: #000; background: #fff; }
}`;

/** The receipt's print-only element: the invoice laid out exactly `printer.width` characters wide. */
function ReceiptSheet({ invoice, business }: { invoice: Invoice; business: Business }) {
  const locations = useQuery(locationsQueryOptions());
  const location = locations.data?.find((place) => place._id === invoice.locationID) ?? null;
  const lines = receiptLines(invoice, business, { location, ...businessCalendar(business) });
  return createPortal(
    <div className="sb-receipt-print" data-testid="receipt-print">
      <style>{PRINT_CSS}</style>
      <pre>{lines.join('\n')}</pre>
    </div>,
    document.body,
  );
}

/**
 * Print receipt: `print(invoice)` puts the receipt in the page and opens the browser's print
 * dialog (window.print) once it is there. Render `sheet` somewhere in the screen.
 */
export function useReceiptPrinter() {
  const business = useQuery(businessQueryOptions());
  const [invoice, setInvoice] = useState<{ invoice: Invoice; at: number } | null>(null);
  useEffect(() => {
    if (invoice && business.data) window.print();
  }, [invoice, business.data]);
  const print = useCallback((next: Invoice) => setInvoice({ invoice: next, at: Date.now() }), []);
  return {
    print,
    /** Whether a sale should print at once (the business's printer.printOnInvoice). */
    printOnInvoice: business.data?.printer.printOnInvoice ?? false,
    sheet: invoice && business.data ? <ReceiptSheet invoice={invoice.invoice} business={business.data} /> : null,
  };
}
