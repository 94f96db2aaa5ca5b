import { Table, type TableColumnsType } from 'antd';
import type { Item, LocationData } from '@stockbook/contracts';
import { formatQuantity } from '@stockbook/domain';
import { Amount } from '../common/amount';
import type { Catalogue } from '../common/use-catalogue';
import { DrawerSection } from './drawer-section';
import { valueOf, type ItemBatch } from './item-rows';
import { costShown } from './low-stock-tag';

interface StockByLocationTableProps {
  item: Item;
  batches: readonly ItemBatch[];
  catalogue: Catalogue;
  money(amount: string): string;
}

/** The item's stock per location: on hand, and (for those shown costs) average cost and value of what remains there. */
export function StockByLocationTable({ item, batches, catalogue, money }: StockByLocationTableProps) {
  const costs = item.averageCost !== undefined;
  const valueAt = (row: LocationData) => valueOf(row, batches.map((entry) => entry.batch).filter((batch) => batch.locationID === row.locationID));
  const columns: TableColumnsType<LocationData> = [
    { title: 'Location', key: 'location', render: (_, row) => catalogue.locationName(row.locationID) },
    { title: 'On hand', key: 'quantity', align: 'right', render: (_, row) => formatQuantity(row.totalQuantity) },
    ...(costs
      ? ([
          { title: 'Average cost', key: 'cost', align: 'right', render: (_, row) => <Amount>{costShown(row, money)}</Amount> },
          { title: 'Value', key: 'value', align: 'right', render: (_, row) => <Amount>{money(valueAt(row) ?? '0')}</Amount> },
        ] satisfies TableColumnsType<LocationData>)
      : []),
  ];
  return (
    <DrawerSection title="Stock by location">
      <Table size="small" pagination={false} rowKey="locationID" dataSource={item.locationData} locale={{ emptyText: 'No stock yet.' }} columns={columns} />
    </DrawerSection>
  );
}
