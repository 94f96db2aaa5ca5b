import type { Item } from '@stockbook/contracts';
import { downloadCsv } from '@stockbook/ui/csv';
import { itemsToCsv, type CsvNames } from './item-csv';

/**
 * Writes items to a CSV file the browser downloads, in the import's columns. Its own module, which
 * the Export button loads on its first click: the CSV writer (papaparse) is not on the screen's way.
 */
export function downloadItemsCsv(fileName: string, items: readonly Item[], names: CsvNames): void {
  downloadCsv(fileName, itemsToCsv(items, names));
}
