import { Button, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { inTransitQueryOptions, itemListQueryOptions } from '@stockbook/api-client';
import type { Item } from '@stockbook/contracts';
import { useAddressAction } from '@stockbook/ui';
import { NotAllowed, Page, QueryState, useCan, useMoney, useNotify } from '@stockbook/ui/antd';
import { ExportButton } from '../csv/export-button';
import { useCatalogue } from '../common/use-catalogue';
import { useWorkingLocation } from '../common/use-working-location';
import { costsShown } from './costs';
import { EmptyInventory } from './empty-inventory';
import type { ItemDialog } from './item-dialog';
import { ItemFilters } from './item-filters';
import { AddStockPicker, BatchFormModal, ImportModal, ItemDrawer, ItemFormModal, VariantFormModal } from './items-page-dialogs';
import { ItemsTable } from './items-table';
import { inTransitByItem, StockValueSummary } from './stock-value-summary';
import { toListQuery, useItemFilters } from './use-item-filters';
import { useItemWrites } from './use-item-writes';

/**
 * The inventory: items with search, filters and pages from the server, stock and value at the
 * working location (the header's choice) or per location, an item's drawer at `items/:itemId`,
 * the item, variant and batch forms, and CSV import and export. An empty inventory says how to
 * fill it.
 */
export function ItemsPage({ base }: { base: string }) {
  const can = useCan();
  const { itemId } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const [urlFilters, setFilters] = useItemFilters();
  const working = useWorkingLocation();
  const filters = { ...urlFilters, location: working.locationId };
  const query = toListQuery(filters);
  const list = useQuery({ ...itemListQueryOptions(query), enabled: can('view:item') });
  const inTransit = useQuery({ ...inTransitQueryOptions({ location: working.locationId }), enabled: can('view:item') });
  // Another location's list starts at its first page.
  const shownLocation = useRef(working.locationId);
  useEffect(() => {
    if (shownLocation.current === working.locationId) return;
    shownLocation.current = working.locationId;
    if (urlFilters.page > 1) setFilters({ page: 1 });
  }, [working.locationId, urlFilters.page, setFilters]);
  const filtered = Boolean(filters.search || filters.category || filters.supplier || filters.lowStock || filters.location);
  // An empty list under filters is "No items match." unless the whole inventory is empty.
  const listedNothing = list.data?.total === 0;
  const anyItem = useQuery({ ...itemListQueryOptions({ page: 1, limit: 1 }), enabled: can('view:item') && listedNothing && filtered });
  const emptyInventory = listedNothing && (!filtered || anyItem.data?.total === 0);
  const catalogue = useCatalogue();
  const money = useMoney();
  const writes = useItemWrites();
  const [dialog, setDialog] = useState<ItemDialog | null>(null);
  const [importing, setImporting] = useState(false);
  const [pickingStock, setPickingStock] = useState(false);
  // The command palette's Add item, Import CSV and Add stock open their dialogs (`?do=add-item`, `?do=import-items`, `?do=add-stock`).
  useAddressAction({
    ...(can('create:item') ? { 'add-item': () => setDialog({ kind: 'create-item' }), 'import-items': () => setImporting(true) } : {}),
    ...(can('create:batch') ? { 'add-stock': () => setPickingStock(true) } : {}),
  });

  if (!can('view:item')) {
    return (
      <Page remote="inventory" title="Inventory">
        <NotAllowed>You can't see the inventory. Ask an administrator for access.</NotAllowed>
      </Page>
    );
  }

  const itemHref = (id: string) => `${base}/items/${encodeURIComponent(id)}${search}`;
  const open = (id: string) => navigate(itemHref(id));
  const close = () => setDialog(null);
  const saved = (message: string) => (item: Item) => {
    close();
    notify({ kind: 'success', title: message.replace('{name}', item.itemName) });
  };
  // Only the working location's column when one is chosen.
  const columns = filters.location ? catalogue.locations.filter((location) => location._id === filters.location) : catalogue.locations;
  const addItem = () => setDialog({ kind: 'create-item' });

  return (
    <Page
      remote="inventory"
      title="Inventory"
      extra={
        <Space wrap>
          <ExportButton query={query} catalogue={catalogue} />
          {/* An empty inventory offers the import in its place (below). */}
          {can('create:item') && !emptyInventory && <Button onClick={() => setImporting(true)}>Import CSV</Button>}
          {can('create:item') && (
            <Button type="primary" onClick={addItem}>
              Add item
            </Button>
          )}
        </Space>
      }
    >
      <ItemFilters filters={urlFilters} catalogue={catalogue} location={working} onChange={setFilters} />
      {inTransit.data && !emptyInventory && <StockValueSummary data={inTransit.data} money={money} />}
      <QueryState query={list} what="the items">
        {(data) => (
          <ItemsTable
            data={data}
            loading={list.isFetching && list.isPlaceholderData}
            locationId={filters.location}
            locations={columns}
            costs={costsShown(data.items)}
            empty={emptyInventory ? <EmptyInventory canCreate={can('create:item')} onAdd={addItem} onImport={() => setImporting(true)} /> : 'No items match.'}
            money={money}
            inTransit={inTransitByItem(inTransit.data)}
            itemHref={itemHref}
            onOpen={open}
            onPage={(page, limit) => setFilters({ page, limit })}
          />
        )}
      </QueryState>

      <Suspense fallback={null}>
      {itemId && (
        <ItemDrawer
          itemId={itemId}
          catalogue={catalogue}
          writes={writes}
          money={money}
          onDialog={setDialog}
          onClose={() => navigate({ pathname: base || '/', search })}
        />
      )}
      {dialog?.kind === 'create-item' && (
        <ItemFormModal
          catalogue={catalogue}
          writes={writes}
          onClose={close}
          onSaved={(item) => {
            saved('{name} added')(item);
            open(item._id);
          }}
        />
      )}
      {dialog?.kind === 'edit-item' && <ItemFormModal item={dialog.item} catalogue={catalogue} writes={writes} onClose={close} onSaved={saved('{name} saved')} />}
      {(dialog?.kind === 'add-variant' || dialog?.kind === 'edit-variant') && (
        <VariantFormModal
          item={dialog.item}
          variant={dialog.kind === 'edit-variant' ? dialog.variant : undefined}
          catalogue={catalogue}
          writes={writes}
          onClose={close}
          onSaved={saved(dialog.kind === 'add-variant' ? 'Variant added to {name}' : 'Variant of {name} saved')}
        />
      )}
      {(dialog?.kind === 'add-batch' || dialog?.kind === 'edit-batch') && (
        <BatchFormModal
          item={dialog.item}
          variant={dialog.variant}
          batch={dialog.kind === 'edit-batch' ? dialog.batch : undefined}
          workingLocationId={filters.location}
          catalogue={catalogue}
          writes={writes}
          onClose={close}
          onSaved={saved(dialog.kind === 'add-batch' ? 'Batch of {name} added' : 'Batch of {name} saved')}
        />
      )}
      {pickingStock && (
        <AddStockPicker
          onClose={() => setPickingStock(false)}
          onPicked={(item) => {
            setPickingStock(false);
            setDialog({ kind: 'add-batch', item });
          }}
        />
      )}
      {importing && <ImportModal catalogue={catalogue} workingLocationId={working.locationId} onClose={() => setImporting(false)} />}
      </Suspense>
    </Page>
  );
}
