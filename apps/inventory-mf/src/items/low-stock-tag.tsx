import { Tag } from 'antd';
import type { Item } from '@stockbook/contracts';

/** The names of a variant item's variants at or under their reorder level. */
export function lowVariants(item: Item): string[] {
  return item.simpleItem ? [] : item.subItems.filter((variant) => variant.lowStock).map((variant) => variant.variantName ?? variant.itemName);
}

/** "Low stock", naming which variants are low for a variant item ("Low stock: Small, Large"). */
export function LowStockTag({ item }: { item?: Item }) {
  const low = item ? lowVariants(item) : [];
  return (
    <Tag color="error" style={{ marginInlineStart: 8 }}>
      {low.length ? `Low stock: ${low.join(', ')}` : 'Low stock'}
    </Tag>
  );
}
