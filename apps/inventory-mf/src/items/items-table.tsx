import { Table, Tag, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router-dom';
import type { ItemListResponse, Location } from '@stockbook/contracts';
import { formatQuantity } from '@stockbook/domain';
import { AttributeTags } from './attribute-tags';
import { itemRows, type ItemRow } from './item-rows';
import { PAGE_SIZES } from './use-item-filters';

interface ItemsTableProps {
  data: ItemListResponse | undefined;
  loading: boolean;
  /** The locations shown as columns: the caller's visible ones, or only the filtered one. */
  locations: readonly Location[];
  money(amount: string): string;
  /** Where an item's drawer opens (the link of its name). */
  itemHref(itemId: string): string;
  onOpen(itemId: string): void;
  onPage(page: number, limit: number): void;
}

/**
 * The items of one page: name with low-stock flag, categories, attribute values, price, stock and value in total
 * and per location; variant items unfold into their variants. Pages come from the server.
 */
export function ItemsTable({ data, loading, locations, money, itemHref, onOpen, onPage }: ItemsTableProps) {
  const rows = data ? itemRows(data.items) : [];
  const columns: TableColumnsType<ItemRow> = [
    {
      title: 'Item',
      key: 'name',
      fixed: 'left',
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
          {row.lowStock && (
            <Tag color="error" style={{ marginInlineStart: 8 }}>
              Low stock
            </Tag>
          )}
        </span>
      ),
    },
    {
      title: 'Categories',
      key: 'categories',
      render: (_, row) => (row.variant ? null : row.item.category.map((category) => <Tag key={category._id}>{category.name}</Tag>)),
    },
    // The values the list's search also matches, as they are named now (a variant's own name is kept as it was made).
    { title: 'Attributes', key: 'attributes', render: (_, row) => <AttributeTags attributes={row.attributes} /> },
    {
      title: 'Price',
      key: 'price',
      align: 'right',
      render: (_, row) =>
        row.price !== null ? money(row.price) : row.priceRange ? (row.priceRange[0] === row.priceRange[1] ? money(row.priceRange[0]) : `${money(row.priceRange[0])} – ${money(row.priceRange[1])}`) : '—',
    },
    { title: 'On hand', key: 'quantity', align: 'right', render: (_, row) => formatQuantity(row.totalQuantity) },
    { title: 'Average cost', key: 'cost', align: 'right', render: (_, row) => money(row.averageCost) },
    { title: 'Value', key: 'value', align: 'right', render: (_, row) => money(row.value) },
    ...locations.map<TableColumnsType<ItemRow>[number]>((location) => ({
      title: location.name,
      key: `location-${location._id}`,
      align: 'right',
      render: (_, row) => {
        const stock = row.stock.get(location._id);
        if (!stock) return <Typography.Text type="secondary">0</Typography.Text>;
        return (
          <span>
            {formatQuantity(stock.quantity)}
            <br />
            <Typography.Text type="secondary">{money(stock.value)}</Typography.Text>
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
      scroll={{ x: 'max-content' }}
      expandable={{ indentSize: 16 }}
      onRow={(row) => ({ onClick: () => onOpen(row.item._id), style: { cursor: 'pointer' } })}
      locale={{ emptyText: 'No items match.' }}
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
