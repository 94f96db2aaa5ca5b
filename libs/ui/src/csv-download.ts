import Papa from 'papaparse';

/**
 * Offers rows to the browser as a CSV file download (the inventory's item export and import
 * template, billing's profit and loss). Its own entry, `@stockbook/ui/csv`, so papaparse loads only
 * with the screens that export.
 */
export function downloadCsv(fileName: string, rows: readonly (readonly string[])[]): void {
  // A byte-order mark, so spreadsheet programs read the file as UTF-8 (රු, £, ₹).
  const blob = new Blob(['\ufeff', Papa.unparse(rows as string[][])], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
