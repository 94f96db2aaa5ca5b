import { Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ItemListResponse, Location } from '@stockbook/contracts';
import { formatQuantity } from '@stockbook/domain';
import { useRowsInStages } from '@stockbook/ui';
import { Amount } from '../common/amount';
import { AttributeTags } from './attribute-tags';
import { itemRows, type ItemRow } from './item-rows';
import { LowStockTag, onHand } from './low-stock-tag';
import { PAGE_SIZES } from './use-item-filters';

interface ItemsTableProps {
  data: ItemListResponse | undefined;
  loading: boolean;
  /** The working location: each row's on hand, average cost and value are its (all locations when none). */
  locationId?: string;
  /** The locations shown as columns: the caller's visible ones, or only the working one. */
  locations: readonly Location[];
  /** Whether the caller is shown costs (the API leaves them out otherwise). */
  costs: boolean;
  money(amount: string): string;
  /** Units on their way (pending transfers) per item and variant id, shown under On hand. */
  inTransit?: ReadonlyMap<string, { toString(): string }>;
  /** Where an item's drawer opens (the link of its name). */
  itemHref(itemId: string): string;
  onOpen(itemId: string): void;
  onPage(page: number, limit: number): void;
  /** What an empty table says: no items match, or how to add the first. */
  empty: ReactNode;
}

/** Columns after the first three (item, on hand, price) fold away on a phone. */
const WIDE: TableColumnsType<ItemRow>[number]['responsive'] = ['md'];

/**
 * The items of one page: name with low-stock flag, on hand and price first (all a phone shows),
 * then categories, attribute values, average cost, value and stock per location; variant items
 * unfold into their variants. Pages come from the server; a new page draws its first rows first.
 */
export function ItemsTable({ data, loading, locationId, locations, costs, money, inTransit, itemHref, onOpen, onPage, empty }: ItemsTableProps) {
  const rows = useRowsInStages(data ? itemRows(data.items, locationId) : []);
  const amount = (value: string | undefined) => (value === undefined ? '—' : <Amount>{money(value)}</Amount>);
  const columns: TableColumnsType<ItemRow> = [
    {
      title: 'Item',
      key: 'name',
      render: (_, row) => (
        <span>
          {row.variant ? (
            row.name
          ) : (
            <Link to={itemHref(row.item._id)} onClick={(event) => event.stopPropagation()}>
              {row.name}
            </Link>
          )}
          {!row.variant && !row.item.simpleItem && <Tag style={{ marginInlineStart: 8 }}>{row.item.subItems.length} variants</Tag>}
          <LowStockTag item={row.variant ? undefined : row.item} unit={row} />
        </span>
      ),
    },
    {
      title: 'On hand',
      key: 'quantity',
      align: 'right',
      render: (_, row) => {
        const moving = inTransit?.get(row.variant?._id ?? row.item._id);
        return (
          <>
            {formatQuantity(row.totalQuantity)}
            {moving && (
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, whiteSpace: 'nowrap' }}>
                {`+${formatQuantity(moving.toString())} in transit`}
              </Typography.Text>
            )}
          </>
        );
      },
    },
    {
      title: 'Price',
      key: 'price',
      align: 'right',
      render: (_, row) =>
        row.price !== null ? (
          amount(row.price)
        ) : row.priceRange ? (
          row.priceRange[0] === row.priceRange[1] ? (
            amount(row.priceRange[0])
          ) : (
            <>
              {amount(row.priceRange[0])} – {amount(row.priceRange[1])}
            </>
          )
        ) : (
          '—'
        ),
    },
    {
      title: 'Categories',
      key: 'categories',
      responsive: WIDE,
      render: (_, row) => (row.variant ? null : row.item.category.map((category) => <Tag key={category._id}>{category.name}</Tag>)),
    },
    // The values the list's search also matches, as they are named now (a variant's own name is kept as it was made).
    { title: 'Attributes', key: 'attributes', responsive: WIDE, render: (_, row) => <AttributeTags attributes={row.attributes} /> },
    ...(costs
      ? ([
          { title: 'Average cost', key: 'cost', align: 'right', responsive: WIDE, render: (_, row) => (onHand(row) ? amount(row.averageCost) : '—') },
          { title: 'Value', key: 'value', align: 'right', responsive: WIDE, render: (_, row) => amount(row.value) },
        ] satisfies TableColumnsType<ItemRow>)
      : []),
    ...locations.map<TableColumnsType<ItemRow>[number]>((location) => ({
      title: location.name,
      key: `location-${location._id}`,
      align: 'right',
      responsive: WIDE,
      render: (_, row) => {
        const stock = row.stock.get(location._id);
        if (!stock) return <Typography.Text type="secondary">0</Typography.Text>;
        return (
          <span>
            {formatQuantity(stock.quantity)}
            {costs && stock.value !== undefined && (
              <>
                <br />
                <Typography.Text type="secondary">
                  <Amount>{money(stock.value)}</Amount>
                </Typography.Text>
              </>
            )}
          </span>
        );
      },
    })),
  ];
  return (
    <Table<ItemRow>
      rowKey="key"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      className="sb-items-table"
      expandable={{ indentSize: 16 }}
      onRow={(row) => ({ onClick: () => onOpen(row.item._id), style: { cursor: 'pointer' } })}
      locale={{ emptyText: empty }}
      pagination={{
        current: data?.page ?? 1,
        pageSize: data?.limit ?? 50,
        total: data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: (total) => (data?.totalExact === false ? `More than ${total} items` : `${total} ${total === 1 ? 'item' : 'items'}`),
        onChange: onPage,
      }}
    />
  );
}
