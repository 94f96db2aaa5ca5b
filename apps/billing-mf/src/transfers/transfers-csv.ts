import type { Transfer } from '@stockbook/contracts';
import { formatQuantity } from '@stockbook/domain';
import { csvAmount, csvDateTime, oldestFirst, type CsvFormat } from '../common/csv-values';
import { transferItemName, transferLinesText } from './transfer-name';

/**
 * The transfers the screen shows, oldest first: date and time, the item (its variant in brackets;
 * for a transfer of several, each line with its quantity),
 * the quantity without trailing zeros, from, to, status, the transfer's cost and who bears it.
 */
export function transfersCsvRows(transfers: readonly Transfer[], context: CsvFormat & { location(id: string): string }): string[][] {
  const { currency, timeZone } = context;
  return [
    [`Date (${timeZone})`, 'Item', 'Quantity', 'From', 'To', 'Status', 'Cost', 'Borne by'],
    ...oldestFirst(transfers, (transfer) => transfer.createdAt).map((transfer) => [
      csvDateTime(transfer.createdAt, timeZone),
      transfer.lines.length > 1 ? transferLinesText(transfer) : transferItemName(transfer),
      formatQuantity(transfer.transferQuantity),
      context.location(transfer.sourceLocationID),
      context.location(transfer.destinationLocationID),
      transfer.status,
      csvAmount(transfer.transferCost, currency),
      transfer.costIncursion ?? '',
    ]),
  ];
}
