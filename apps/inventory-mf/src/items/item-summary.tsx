import { Descriptions, Tag } from 'antd';
import type { Item, TaxRate } from '@stockbook/contracts';
import { formatQuantity } from '@stockbook/domain';
import { Amount } from '../common/amount';
import { AttributeTags } from './attribute-tags';
import { valueOf, type ItemBatch } from './item-rows';
import { costShown, LowStockTag } from './low-stock-tag';
import { taxChoiceText } from './tax-choice';

interface ItemSummaryProps {
  item: Item;
  batches: readonly ItemBatch[];
  /** The business's rates, to name the item's. */
  taxRates: readonly TaxRate[];
  money(amount: string): string;
}

/**
 * The item's figures at the top of the drawer: kind, SKU, barcode, unit, categories, price and
 * attributes of a simple item, its tax choice, stock, and (for those shown costs) average cost and value.
 */
export function ItemSummary({ item, batches, taxRates, money }: ItemSummaryProps) {
  const value = valueOf(item, batches.map((entry) => entry.batch));
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      items={[
        { key: 'kind', label: 'Kind', children: item.simpleItem ? 'Simple item' : `Item with ${item.subItems.length} variants` },
        { key: 'sku', label: 'SKU', children: item.sku ?? '—' },
        { key: 'barcode', label: 'Barcode', children: item.barcode ?? '—' },
        { key: 'unit', label: 'Unit', children: item.unit ?? '—' },
        {
          key: 'categories',
          label: 'Categories',
          children: item.category.length ? item.category.map((category) => <Tag key={category._id}>{category.name}</Tag>) : '—',
        },
        ...(item.simpleItem
          ? [
              { key: 'price', label: 'Price', children: <Amount>{money(item.price)}</Amount> },
              { key: 'reorder', label: 'Reorder level', children: item.reorderLevel ? formatQuantity(item.reorderLevel) : '—' },
              { key: 'attributes', label: 'Attributes', children: <AttributeTags attributes={item.attributes} empty="—" /> },
            ]
          : []),
        { key: 'tax', label: 'Tax', children: taxChoiceText(item, 'item', taxRates) },
        {
          key: 'stock',
          label: 'On hand',
          children: (
            <span>
              {formatQuantity(item.totalQuantity)}
              {item.unit ? ` ${item.unit}` : ''}
              <LowStockTag item={item} unit={item} />
            </span>
          ),
        },
        ...(item.averageCost !== undefined
          ? [
              { key: 'cost', label: 'Average cost', children: <Amount>{costShown(item, money)}</Amount> },
              { key: 'value', label: 'Value', children: <Amount>{money(value ?? '0')}</Amount> },
            ]
          : []),
      ]}
    />
  );
}
