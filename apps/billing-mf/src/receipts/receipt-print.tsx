import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { businessQueryOptions, locationsQueryOptions } from '@stockbook/api-client';
import type { Business, CreditNote, Invoice } from '@stockbook/contracts';
import { businessCalendar } from '@stockbook/domain';
import { useCurrentUser } from '@stockbook/ui/antd';
import { creditNoteReceiptLines, receiptCreditNote, receiptLines, testReceiptLines } from './receipt';

// On screen the receipt is hidden; on paper it is all there is.
const PRINT_CSS = `
.sb-receipt-print { display: none; }
@media print {
  body > *:not(.sb-receipt-print) { display: none !important; }
  .sb-receipt-print { display: block; }
  .sb-receipt-print pre { margin: 0; font: 12px/1.25 ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace; white-space: pre; color: #000; background: #fff; }
}`;

/** What is printed: a sale's receipt, one of its credit notes, or a test receipt (at the working location). */
type Printed =
  | { invoice: Invoice; creditNote?: CreditNote; test?: undefined }
  | { test: { at: string; by: { firstName: string; lastName: string }; locationID: string | null }; invoice?: undefined; creditNote?: undefined };

/** The receipt's print-only element: the invoice (or its credit note) laid out exactly `printer.width` characters wide. */
function ReceiptSheet({ printed, business }: { printed: Printed; business: Business }) {
  const locations = useQuery(locationsQueryOptions());
  const locationID = printed.test ? printed.test.locationID : (printed.creditNote?.locationID ?? printed.invoice.locationID);
  const location = locations.data?.find((place) => place._id === locationID) ?? null;
  const options = { location, ...businessCalendar(business) };
  const lines = printed.test
    ? testReceiptLines(business, printed.test.at, printed.test.by, options)
    : printed.creditNote
      ? creditNoteReceiptLines(receiptCreditNote(printed.creditNote, printed.invoice), business, options)
      : receiptLines(printed.invoice, business, options);
  return createPortal(
    <div className="sb-receipt-print" data-testid="receipt-print">
      <style>{PRINT_CSS}</style>
      <pre>{lines.join('\n')}</pre>
    </div>,
    document.body,
  );
}

/**
 * Print receipt: `print(invoice)` puts the sale's receipt in the page and opens the browser's
 * print dialog (window.print) once it is there; `printCreditNote(note, invoice)` does the same
 * for one of the invoice's credit notes, `printTest(location)` for a test receipt. Render `sheet`
 * somewhere in the screen.
 */
export function useReceiptPrinter() {
  const business = useQuery(businessQueryOptions());
  const [printed, setPrinted] = useState<(Printed & { at: number }) | null>(null);
  useEffect(() => {
    if (printed && business.data) window.print();
  }, [printed, business.data]);
  const print = useCallback((invoice: Invoice) => setPrinted({ invoice, at: Date.now() }), []);
  const printCreditNote = useCallback((creditNote: CreditNote, invoice: Invoice) => setPrinted({ invoice, creditNote, at: Date.now() }), []);
  const { user } = useCurrentUser();
  const printTest = useCallback(
    (locationID: string | null) =>
      setPrinted({ test: { at: new Date().toISOString(), by: { firstName: user?.firstName ?? '', lastName: user?.lastName ?? '' }, locationID }, at: Date.now() }),
    [user],
  );
  return {
    print,
    printCreditNote,
    /** A test receipt of the business's heading and footers at the printer's width (at `locationID`, when given). */
    printTest,
    /** Whether a sale should print at once (the business's printer.printOnInvoice). */
    printOnInvoice: business.data?.printer.printOnInvoice ?? false,
    sheet: printed && business.data ? <ReceiptSheet printed={printed} business={business.data} /> : null,
  };
}
