import { Button, Space, Table, Tag } from 'antd';
import type { Item, Variant } from '@stockbook/contracts';
import { formatQuantity } from '@stockbook/domain';
import { useCan } from '@stockbook/ui/antd';
import { DrawerSection } from './drawer-section';
import type { ItemDialog } from './item-dialog';

interface VariantsTableProps {
  item: Item;
  money(amount: string): string;
  onDialog(dialog: ItemDialog): void;
}

/** A variant item's variants: price, reorder level, stock and cost, with edit and add-batch buttons. */
export function VariantsTable({ item, money, onDialog }: VariantsTableProps) {
  const can = useCan();
  return (
    <DrawerSection title="Variants">
      <Table<Variant>
        size="small"
        pagination={false}
        rowKey="_id"
        dataSource={item.subItems}
        columns={[
          {
            title: 'Variant',
            key: 'name',
            render: (_, variant) => (
              <span>
                {variant.variantName}
                {variant.lowStock && (
                  <Tag color="error" style={{ marginInlineStart: 8 }}>
                    Low stock
                  </Tag>
                )}
              </span>
            ),
          },
          { title: 'Price', key: 'price', align: 'right', render: (_, variant) => money(variant.price) },
          { title: 'Reorder level', key: 'reorder', align: 'right', render: (_, variant) => (variant.reorderLevel ? formatQuantity(variant.reorderLevel) : '—') },
          { title: 'On hand', key: 'quantity', align: 'right', render: (_, variant) => formatQuantity(variant.totalQuantity) },
          { title: 'Average cost', key: 'cost', align: 'right', render: (_, variant) => money(variant.averageCost) },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, variant) => (
              <Space>
                {can('update:item') && (
                  <Button size="small" aria-label={`Edit variant ${variant.variantName}`} onClick={() => onDialog({ kind: 'edit-variant', item, variant })}>
                    Edit
                  </Button>
                )}
                {can('create:batch') && (
                  <Button size="small" aria-label={`Add batch of ${variant.variantName}`} onClick={() => onDialog({ kind: 'add-batch', item, variant })}>
                    Add batch
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </DrawerSection>
  );
}
