import { Alert, Button, Descriptions, Drawer, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { itemQueryOptions } from '@stockbook/api-client';
import type { Batch, Item, Variant } from '@stockbook/contracts';
import { canDeleteBatch, formatQuantity, remainingOf, stockValue } from '@stockbook/domain';
import { errorMessage, shellAnnounces, useCan, useNotify } from '@stockbook/ui/antd';
import type { Catalogue } from '../common/use-catalogue';
import { allBatches } from './item-rows';
import type { ItemWrites } from './use-item-writes';

export type ItemDialog =
  | { kind: 'create-item' }
  | { kind: 'edit-item'; item: Item }
  | { kind: 'add-variant'; item: Item }
  | { kind: 'edit-variant'; item: Item; variant: Variant }
  | { kind: 'add-batch'; item: Item; variant?: Variant }
  | { kind: 'edit-batch'; item: Item; batch: Batch; variant?: Variant };

interface ItemDrawerProps {
  itemId: string;
  catalogue: Catalogue;
  writes: ItemWrites;
  money(amount: string): string;
  onDialog(dialog: ItemDialog): void;
  onClose(): void;
}

const date = (iso: string) => dayjs(iso).toDate().toLocaleDateString('en-GB');

/** One item: its figures, stock per location, variants and batches, and what may be done to them. */
export function ItemDrawer({ itemId, catalogue, writes, money, onDialog, onClose }: ItemDrawerProps) {
  const query = useQuery(itemQueryOptions(itemId));
  const item = query.data;
  const can = useCan();
  const notify = useNotify();

  const fail = (title: string) => (error: unknown) => {
    if (!shellAnnounces(error)) notify({ kind: 'error', title, description: errorMessage(error) });
  };
  const removeItem = (target: Item) =>
    writes.deleteItem.mutate(target._id, {
      onSuccess: () => {
        notify({ kind: 'success', title: `${target.itemName} is deleted` });
        onClose();
      },
      onError: fail(`Could not delete ${target.itemName}`),
    });
  const removeBatch = (batch: Batch) =>
    writes.deleteBatch.mutate(batch._id, {
      onSuccess: () => notify({ kind: 'success', title: 'Batch deleted' }),
      onError: fail('Could not delete the batch'),
    });

  const batches = item ? allBatches(item) : [];
  const mayBatch = can('create:batch');

  return (
    <Drawer
      open
      size="large"
      title={item ? item.itemName : 'Item'}
      onClose={onClose}
      extra={
        item && (
          <Space wrap>
            {can('update:item') && <Button onClick={() => onDialog({ kind: 'edit-item', item })}>Edit item</Button>}
            {mayBatch && item.simpleItem && (
              <Button type="primary" onClick={() => onDialog({ kind: 'add-batch', item })}>
                Add batch
              </Button>
            )}
            {can('create:item') && !item.simpleItem && <Button onClick={() => onDialog({ kind: 'add-variant', item })}>Add variant</Button>}
            {can('delete:item') && (
              <Popconfirm
                title={`Delete ${item.itemName}?`}
                description="It leaves the inventory; its history stays."
                okText="Delete"
                okButtonProps={{ danger: true }}
                onConfirm={() => removeItem(item)}
              >
                <Button danger>Delete item</Button>
              </Popconfirm>
            )}
          </Space>
        )
      }
    >
      {query.isPending && <Typography.Text role="status">Loading the item...</Typography.Text>}
      {query.isError && <Alert type="error" showIcon title="Could not load this item" description={errorMessage(query.error)} />}
      {item && (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
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
                    {
                      key: 'attributes',
                      label: 'Attributes',
                      children: item.attributes.length ? item.attributes.map((a) => <Tag key={a._id}>{`${a.attribute.name}: ${a.value}`}</Tag>) : '—',
                    },
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

          <section aria-label="Stock by location">
            <Typography.Title level={2} style={{ fontSize: 16 }}>
              Stock by location
            </Typography.Title>
            <Table
              size="small"
              pagination={false}
              rowKey="locationID"
              dataSource={item.locationData}
              locale={{ emptyText: 'No stock yet.' }}
              columns={[
                { title: 'Location', key: 'location', render: (_, row) => catalogue.locationName(row.locationID) },
                { title: 'On hand', key: 'quantity', align: 'right', render: (_, row) => formatQuantity(row.totalQuantity) },
                { title: 'Average cost', key: 'cost', align: 'right', render: (_, row) => money(row.averageCost) },
                {
                  title: 'Value',
                  key: 'value',
                  align: 'right',
                  render: (_, row) => money(stockValue(batches.map((entry) => entry.batch).filter((batch) => batch.locationID === row.locationID))),
                },
              ]}
            />
          </section>

          {!item.simpleItem && (
            <section aria-label="Variants">
              <Typography.Title level={2} style={{ fontSize: 16 }}>
                Variants
              </Typography.Title>
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
                        {mayBatch && (
                          <Button size="small" aria-label={`Add batch of ${variant.variantName}`} onClick={() => onDialog({ kind: 'add-batch', item, variant })}>
                            Add batch
                          </Button>
                        )}
                      </Space>
                    ),
                  },
                ]}
              />
            </section>
          )}

          <section aria-label="Batches">
            <Typography.Title level={2} style={{ fontSize: 16 }}>
              Batches
            </Typography.Title>
            <Table
              size="small"
              pagination={batches.length > 20 ? { pageSize: 20 } : false}
              rowKey={(entry) => entry.batch._id}
              dataSource={batches}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: 'No batches yet.' }}
              columns={[
                ...(item.simpleItem ? [] : [{ title: 'Variant', key: 'variant', render: (_: unknown, entry: (typeof batches)[number]) => entry.variant?.variantName }]),
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
                          <Popconfirm title="Delete this batch?" okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => removeBatch(batch)}>
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
              ]}
            />
          </section>
        </Space>
      )}
    </Drawer>
  );
}
