import type { Transfer, TransferLine } from '@stockbook/contracts';
import { formatQuantity, listWords } from '@stockbook/domain';

/** One line's item: "Cotton Tee (Large)" for a variant, the item's name otherwise. */
export const lineItemName = (line: Pick<TransferLine, 'itemName' | 'variantName'>) => (line.variantName ? `${line.itemName} (${line.variantName})` : line.itemName);

/** What is moved: the item (with its variant), or every line's item ("Claw Hammer and Green Tea") for a transfer of several. */
export const transferItemName = (transfer: Pick<Transfer, 'itemName' | 'variantName'> & { lines?: Transfer['lines'] }) =>
  transfer.lines && transfer.lines.length > 1 ? listWords(transfer.lines.map(lineItemName)) : lineItemName(transfer);

/** Each line with its quantity: "4 × Claw Hammer, 2 × Green Tea" (the dashboard's list of transfers). */
export const transferLinesText = (transfer: Pick<Transfer, 'itemName' | 'variantName' | 'transferQuantity' | 'lines'>) =>
  (transfer.lines.length ? transfer.lines : [{ ...transfer }]).map((line) => `${formatQuantity(line.transferQuantity)} × ${lineItemName(line)}`).join(', ');
