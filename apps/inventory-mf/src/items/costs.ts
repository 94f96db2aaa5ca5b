import type { Item } from '@stockbook/contracts';

/**
 * Whether the caller is shown costs: the API leaves out cost, average cost and value (and batch
 * costs) for staff without the permission to see costs, so their columns go too.
 */
export function costsShown(items: readonly Item[]): boolean {
  return items.length === 0 || items.some((item) => item.averageCost !== undefined);
}
