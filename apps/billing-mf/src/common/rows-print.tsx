import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { businessQueryOptions } from '@stockbook/api-client';
import { printSheetCss } from './print-sheet';

// The print view of an export (issue 22, rule 8): on screen the sheet is hidden; on paper it is all
// there is, black on white whatever the theme (as a receipt and a statement print).
const PRINT_CSS = printSheetCss('sb-rows-print', {
  font: '9.5pt/1.35',
  cellPadding: '2pt 4pt',
  rules: `
    h1 { font-size: 15pt; margin: 0 0 2pt; }
    p { margin: 0 0 8pt; }
    thead { display: table-header-group; }`,
});

/** What one print holds: a title, a line saying what it covers, and the export's rows (its header first). */
export interface PrintedRows {
  readonly title: string;
  readonly covers: string;
  readonly rows: readonly (readonly string[])[];
}

const NUMBER = /^-?\d+(\.\d+)?$/;

function RowsSheet({ printed, businessName }: { printed: PrintedRows; businessName: string }) {
  const [header = [], ...body] = printed.rows;
  // A column of numbers (amounts, quantities) is right-aligned, as on a statement.
  const numeric = header.map((_, column) => body.length > 0 && body.every((row) => !row[column] || NUMBER.test(row[column]!)));
  return createPortal(
    <div className="sb-rows-print" data-testid="rows-print">
      <style>{PRINT_CSS}</style>
      <h1>
        {printed.title} · {businessName}
      </h1>
      <p>{printed.covers}</p>
      <table>
        <thead>
          <tr>
            {header.map((cell, column) => (
              <th key={column} scope="col" className={numeric[column] ? 'sb-amount' : undefined}>
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {body.map((row, index) => (
            <tr key={index}>
              {row.map((cell, column) => (
                <td key={column} className={numeric[column] ? 'sb-amount' : undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {body.length === 0 && <p>Nothing in these dates.</p>}
    </div>,
    document.body,
  );
}

/**
 * Print: the same rows an export writes, as a print-only table, then the browser's print dialog
 * once it is in the page. Render `sheet` anywhere in the screen.
 */
export function useRowsPrinter() {
  const business = useQuery(businessQueryOptions());
  const [printed, setPrinted] = useState<(PrintedRows & { at: number }) | null>(null);
  useEffect(() => {
    if (printed && business.data) window.print();
  }, [printed, business.data]);
  return {
    print: (what: PrintedRows) => setPrinted({ ...what, at: Date.now() }),
    sheet: printed && business.data ? <RowsSheet printed={printed} businessName={business.data.businessName} /> : null,
  };
}
