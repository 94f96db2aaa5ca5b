import type { Batch, Item, Variant } from '@stockbook/contracts';

/** The form open over the items screen: what it edits, and for which item, variant or batch. */
export type ItemDialog =
  | { kind: 'create-item' }
  | { kind: 'edit-item'; item: Item }
  | { kind: 'add-variant'; item: Item }
  | { kind: 'edit-variant'; item: Item; variant: Variant }
  | { kind: 'add-batch'; item: Item; variant?: Variant }
  | { kind: 'edit-batch'; item: Item; batch: Batch; variant?: Variant };
