import { Table } from 'antd';
import type { Item } from '@stockbook/contracts';
import { formatQuantity, stockValue } from '@stockbook/domain';
import type { Catalogue } from '../common/use-catalogue';
import { DrawerSection } from './drawer-section';
import type { ItemBatch } from './item-rows';

interface StockByLocationTableProps {
  item: Item;
  batches: readonly ItemBatch[];
  catalogue: Catalogue;
  money(amount: string): string;
}

/** The item's stock per location: on hand, average cost and value of what remains there. */
export function StockByLocationTable({ item, batches, catalogue, money }: StockByLocationTableProps) {
  const valueAt = (locationId: string) => money(stockValue(batches.map((entry) => entry.batch).filter((batch) => batch.locationID === locationId)));
  return (
    <DrawerSection title="Stock by location">
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
          { title: 'Value', key: 'value', align: 'right', render: (_, row) => valueAt(row.locationID) },
        ]}
      />
    </DrawerSection>
  );
}
