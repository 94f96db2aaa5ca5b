import { Alert, Drawer, Grid, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { itemQueryOptions } from '@stockbook/api-client';
import type { Batch, Item } from '@stockbook/contracts';
import { errorMessage, shellAnnounces, useNotify } from '@stockbook/ui/antd';
import type { Catalogue } from '../common/use-catalogue';
import { useTaxRates } from '../common/use-tax-rates';
import { BatchesTable } from './batches-table';
import type { ItemDialog } from './item-dialog';
import { ItemDrawerActions } from './item-drawer-actions';
import { allBatches } from './item-rows';
import { ItemSummary } from './item-summary';
import { StockByLocationTable } from './stock-by-location-table';
import type { ItemWrites } from './use-item-writes';
import { VariantsTable } from './variants-table';

interface ItemDrawerProps {
  itemId: string;
  catalogue: Catalogue;
  writes: ItemWrites;
  money(amount: string): string;
  onDialog(dialog: ItemDialog): void;
  onClose(): void;
}

/**
 * One item: its figures, stock per location, variants and batches, and what may be done to them.
 * It loads the item and runs the deletes; its parts render. Wide enough on a desktop for the
 * batches with their actions; full width on a phone, its buttons under the title (beside it they
 * squeezed the title into a sliver).
 */
export function ItemDrawer({ itemId, catalogue, writes, money, onDialog, onClose }: ItemDrawerProps) {
  const query = useQuery(itemQueryOptions(itemId));
  // In parallel with the item: its tax choice is shown by the rate's name.
  const { rates } = useTaxRates();
  const item = query.data;
  const notify = useNotify();

  const fail = (title: string) => (error: unknown) => {
    if (!shellAnnounces(error)) notify({ kind: 'error', title, description: errorMessage(error) });
  };
  const removeItem = (target: Item) =>
    writes.deleteItem.mutate(target._id, {
      onSuccess: () => {
        notify({ kind: 'success', title: `${target.itemName} deleted` });
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
  const phone = Grid.useBreakpoint().md === false;
  const actions = item && <ItemDrawerActions item={item} onDialog={onDialog} onDelete={removeItem} />;

  return (
    <Drawer
      open
      size={phone ? '100%' : 'min(1080px, 100vw)'}
      title={item ? item.itemName : 'Item'}
      onClose={onClose}
      extra={phone ? undefined : actions}
    >
      {query.isPending && <Typography.Text role="status">Loading the item...</Typography.Text>}
      {query.isError && <Alert type="error" showIcon title="Could not load this item" description={errorMessage(query.error)} />}
      {item && (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          {phone && actions}
          <ItemSummary item={item} batches={batches} taxRates={rates} money={money} />
          <StockByLocationTable item={item} batches={batches} catalogue={catalogue} money={money} />
          {!item.simpleItem && <VariantsTable item={item} taxRates={rates} money={money} onDialog={onDialog} />}
          <BatchesTable item={item} batches={batches} catalogue={catalogue} money={money} onDialog={onDialog} onDelete={removeBatch} />
        </Space>
      )}
    </Drawer>
  );
}
