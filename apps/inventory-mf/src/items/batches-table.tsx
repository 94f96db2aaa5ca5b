import { Table, type TableColumnsType } from 'antd';
import type { Batch, Item } from '@stockbook/contracts';
import { canDeleteBatch, formatQuantity, remainingOf } from '@stockbook/domain';
import { hasRowActions, RowActions, useCalendar, useCan, type RowAction } from '@stockbook/ui/antd';
import { Amount } from '../common/amount';
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


/**
 * The item's live batches (a variant item's with their variant): where, from whom, how many,
 * sold, remaining, cost (for those shown costs) and date, with edit and delete at the batch's
 * location. A batch something was sold from is kept, and its delete button says so. No Actions
 * column for someone who may do neither.
 */
export function BatchesTable({ item, batches, catalogue, money, onDialog, onDelete }: BatchesTableProps) {
  // Dates as the business writes them, in its time zone (issue 22, rule 4).
  const { date } = useCalendar();
  const can = useCan();
  const actions = ({ batch, variant }: ItemBatch): (RowAction | false)[] => [
    can('update:batch', batch.locationID) && { label: 'Edit', onClick: () => onDialog({ kind: 'edit-batch', item, batch, variant }) },
    can('delete:batch', batch.locationID) && {
      label: 'Delete',
      danger: true,
      onClick: () => onDelete(batch),
      confirm: { title: 'Delete this batch?', okText: 'Delete' },
      disabled: !canDeleteBatch(batch),
      disabledReason: 'Stock was sold from this batch, so it is kept.',
    },
  ];
  const columns: TableColumnsType<ItemBatch> = [
    ...(item.simpleItem ? [] : [{ title: 'Variant', key: 'variant', render: (_: unknown, entry: ItemBatch) => entry.variant?.variantName }]),
    { title: 'Location', key: 'location', render: (_, entry) => catalogue.locationName(entry.batch.locationID) },
    { title: 'Supplier', key: 'supplier', render: (_, entry) => catalogue.supplierName(entry.batch.supplierID) },
    { title: 'Quantity', key: 'quantity', align: 'right', render: (_, entry) => formatQuantity(entry.batch.quantity) },
    { title: 'Sold', key: 'sold', align: 'right', render: (_, entry) => formatQuantity(entry.batch.quantitySold) },
    { title: 'Remaining', key: 'remaining', align: 'right', render: (_, entry) => formatQuantity(remainingOf(entry.batch).toString()) },
    ...(batches.some((entry) => entry.batch.cost !== undefined)
      ? ([{ title: 'Cost', key: 'cost', align: 'right', render: (_, entry) => <Amount>{money(entry.batch.cost ?? '0')}</Amount> }] satisfies TableColumnsType<ItemBatch>)
      : []),
    { title: 'Added', key: 'date', render: (_, entry) => date(entry.batch.dateAdded) },
    ...(batches.some((entry) => hasRowActions(actions(entry)))
      ? ([{ title: 'Actions', key: 'actions', render: (_, entry) => <RowActions subject="batch" actions={actions(entry)} /> }] satisfies TableColumnsType<ItemBatch>)
      : []),
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
