import { Descriptions, Tag } from 'antd';
import type { Item } from '@stockbook/contracts';
import { formatQuantity, stockValue } from '@stockbook/domain';
import { AttributeTags } from './attribute-tags';
import type { ItemBatch } from './item-rows';

interface ItemSummaryProps {
  item: Item;
  batches: readonly ItemBatch[];
  money(amount: string): string;
}

/** The item's figures at the top of the drawer: kind, categories, price and attributes of a simple item, stock, cost and value. */
export function ItemSummary({ item, batches, money }: ItemSummaryProps) {
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      items={[
        { key: 'kind', label: 'Kind', children: item.simpleItem ? 'Simple item' : `Item with ${item.subItems.length} variants` },
        {
          key: 'categories',
          label: 'Categories',
          children: item.category.length ? item.category.map((category) => <Tag key={category._id}>{category.name}</Tag>) : '—',
        },
        ...(item.simpleItem
          ? [
              { key: 'price', label: 'Price', children: money(item.price) },
              { key: 'reorder', label: 'Reorder level', children: item.reorderLevel ? formatQuantity(item.reorderLevel) : '—' },
              { key: 'attributes', label: 'Attributes', children: <AttributeTags attributes={item.attributes} empty="—" /> },
            ]
          : []),
        {
          key: 'stock',
          label: 'On hand',
          children: (
            <span>
              {formatQuantity(item.totalQuantity)}
              {item.lowStock && (
                <Tag color="error" style={{ marginInlineStart: 8 }}>
                  Low stock
                </Tag>
              )}
            </span>
          ),
        },
        { key: 'cost', label: 'Average cost', children: money(item.averageCost) },
        { key: 'value', label: 'Value', children: money(stockValue(batches.map((entry) => entry.batch))) },
      ]}
    />
  );
}
