import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { businessQueryOptions } from '@stockbook/api-client';
import type { Business, CustomerStatement } from '@stockbook/contracts';
import { useCalendar } from '@stockbook/ui/antd';
import { customerName } from './customer-name';
import { statementEntryText } from './customer-statement-csv';
import { printSheetCss } from '../common/print-sheet';

// On screen the sheet is hidden; on paper it is all there is (as a receipt prints: receipt-print.tsx).
// Black on white whatever the theme, in the page's width.
const PRINT_CSS = printSheetCss('sb-statement-print', {
  font: '10.5pt/1.4',
  cellPadding: '3pt 4pt',
  rules: `
    h1 { font-size: 16pt; margin: 0 0 4pt; }
    p { margin: 0 0 2pt; }
    header { display: flex; justify-content: space-between; gap: 24pt; margin-bottom: 12pt; }
    table { margin: 8pt 0; }
    tfoot td, .sb-statement-print .sb-opening td { font-weight: 600; }`,
});

/** An entry's amount: "+£30.00" they owe more, "-£10.00" less. */
export const signedMoney = (money: (amount: string) => string, amount: string) => (/^-/.test(amount) || !/[1-9]/.test(amount) ? money(amount) : `+${money(amount)}`);

/** The statement as it prints: the business, the customer, the days, the opening balance, each entry and the closing balance. */
function StatementSheet({ statement, business, money }: { statement: CustomerStatement; business: Business; money(amount: string): string }) {
  const { date } = useCalendar();
  const { customer } = statement;
  const contact = [customer.email, customer.contactNumber, customer.address].filter(Boolean);
  const from = statement.startDate ? date(statement.startDate) : 'their first purchase';
  return createPortal(
    <div className="sb-statement-print" data-testid="statement-print">
      <style>{PRINT_CSS}</style>
      <header>
        <div>
          <h1>Statement</h1>
          <p>{customerName(customer)}</p>
          {contact.map((line) => (
            <p key={line} style={{ whiteSpace: 'pre-line' }}>
              {line}
            </p>
          ))}
        </div>
        <div style={{ textAlign: 'right' }}>
          <p>
            <strong>{business.businessName}</strong>
          </p>
          {[business.businessAddress, business.contactNumber, business.businessEmail].filter(Boolean).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      </header>
      <p>
        From {from} to {date(statement.endDate)}
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">What</th>
            <th scope="col" className="sb-amount">
              Amount
            </th>
            <th scope="col" className="sb-amount">
              Balance
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="sb-opening">
            <td colSpan={3}>Opening balance</td>
            <td className="sb-amount">{money(statement.openingBalance)}</td>
          </tr>
          {statement.entries.map((entry, index) => (
            <tr key={index}>
              <td>{date(entry.date)}</td>
              <td>{statementEntryText(entry)}</td>
              <td className="sb-amount">{signedMoney(money, entry.amount)}</td>
              <td className="sb-amount">{money(entry.balance)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={3}>Closing balance</td>
            <td className="sb-amount">{money(statement.closingBalance)}</td>
          </tr>
        </tfoot>
      </table>
      <p>Balance: what the customer owes {business.businessName} after each entry.</p>
    </div>,
    document.body,
  );
}

/**
 * Print statement: `print()` puts the statement shown in the page (print-only) and opens the
 * browser's print dialog once it is there, as receipts print. Render `sheet` in the drawer.
 */
export function useStatementPrinter(statement: CustomerStatement | undefined, money: (amount: string) => string) {
  const business = useQuery(businessQueryOptions());
  const [asked, setAsked] = useState<number | null>(null);
  useEffect(() => {
    if (asked && business.data) window.print();
  }, [asked, business.data]);
  return {
    print: () => setAsked(Date.now()),
    sheet: asked && statement && business.data ? <StatementSheet statement={statement} business={business.data} money={money} /> : null,
  };
}
