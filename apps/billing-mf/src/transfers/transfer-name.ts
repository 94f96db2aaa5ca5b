import type { Transfer } from '@stockbook/contracts';

/** What is moved: "Cotton Tee (Large)" for a variant, the item's name otherwise. */
export const transferItemName = (transfer: Pick<Transfer, 'itemName' | 'variantName'>) =>
  transfer.variantName ? `${transfer.itemName} (${transfer.variantName})` : transfer.itemName;
