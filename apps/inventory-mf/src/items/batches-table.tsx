import { Button, Popconfirm, Space, Table, Tooltip, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import type { Batch, Item } from '@stockbook/contracts';
import { canDeleteBatch, formatQuantity, remainingOf } from '@stockbook/domain';
import { useCan } from '@stockbook/ui/antd';
import type { Catalogue } from '../common/use-catalogue';
import { DrawerSection } from './drawer-section';
import type { ItemDialog } from './item-dialog';
import type { ItemBatch } from './item-rows';

interface BatchesTableProps {
  item: Item;
  batches: readonly ItemBatch[];
  catalogue: Catalogue;
  money(amount: string): string;
  onDialog(dialog: ItemDialog): void;
  onDelete(batch: Batch): void;
}

const date = (iso: string) => dayjs(iso).toDate().toLocaleDateString('en-GB');

/**
 * The item's live batches (a variant item's with their variant): where, from whom, how many,
 * sold, remaining, cost and date, with edit and delete at the batch's location. A batch something
 * was sold from is kept, and its delete button says so.
 */
export function BatchesTable({ item, batches, catalogue, money, onDialog, onDelete }: BatchesTableProps) {
  const can = useCan();
  const columns: TableColumnsType<ItemBatch> = [
    ...(item.simpleItem ? [] : [{ title: 'Variant', key: 'variant', render: (_: unknown, entry: ItemBatch) => entry.variant?.variantName }]),
    { title: 'Location', key: 'location', render: (_, entry) => catalogue.locationName(entry.batch.locationID) },
    { title: 'Supplier', key: 'supplier', render: (_, entry) => catalogue.supplierName(entry.batch.supplierID) },
    { title: 'Quantity', key: 'quantity', align: 'right', render: (_, entry) => formatQuantity(entry.batch.quantity) },
    { title: 'Sold', key: 'sold', align: 'right', render: (_, entry) => formatQuantity(entry.batch.quantitySold) },
    { title: 'Remaining', key: 'remaining', align: 'right', render: (_, entry) => formatQuantity(remainingOf(entry.batch).toString()) },
    { title: 'Cost', key: 'cost', align: 'right', render: (_, entry) => money(entry.batch.cost) },
    { title: 'Added', key: 'date', render: (_, entry) => date(entry.batch.dateAdded) },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, { batch, variant }) => (
        <Space>
          {can('update:batch', batch.locationID) && (
            <Button size="small" aria-label="Edit batch" onClick={() => onDialog({ kind: 'edit-batch', item, batch, variant })}>
              Edit
            </Button>
          )}
          {can('delete:batch', batch.locationID) &&
            (canDeleteBatch(batch) ? (
              <Popconfirm title="Delete this batch?" okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => onDelete(batch)}>
                <Button size="small" danger aria-label="Delete batch">
                  Delete
                </Button>
              </Popconfirm>
            ) : (
              <Tooltip title="Stock was sold from this batch, so it is kept.">
                <Button size="small" danger disabled aria-label="Delete batch">
                  Delete
                </Button>
              </Tooltip>
            ))}
        </Space>
      ),
    },
  ];
  return (
    <DrawerSection title="Batches">
      <Table<ItemBatch>
        size="small"
        pagination={batches.length > 20 ? { pageSize: 20 } : false}
        rowKey={(entry) => entry.batch._id}
        dataSource={batches}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'No batches yet.' }}
        columns={columns}
      />
    </DrawerSection>
  );
}
