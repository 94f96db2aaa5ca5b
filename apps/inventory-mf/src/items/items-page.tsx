import { Button, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { itemListQueryOptions } from '@stockbook/api-client';
import type { Item } from '@stockbook/contracts';
import { NotAllowed, Page, QueryState, useCan, useMoney, useNotify } from '@stockbook/ui/antd';
import { ExportButton } from '../csv/export-button';
import { ImportModal } from '../csv/import-modal';
import { useCatalogue } from '../common/use-catalogue';
import { BatchFormModal } from './batch-form-modal';
import type { ItemDialog } from './item-dialog';
import { ItemDrawer } from './item-drawer';
import { ItemFilters } from './item-filters';
import { ItemFormModal } from './item-form-modal';
import { ItemsTable } from './items-table';
import { toListQuery, useItemFilters } from './use-item-filters';
import { useItemWrites } from './use-item-writes';
import { VariantFormModal } from './variant-form-modal';

/**
 * The inventory: items with search, filters and pages from the server, stock and value per
 * location, an item's drawer at `items/:itemId`, the item, variant and batch forms, and CSV
 * import and export.
 */
export function ItemsPage({ base }: { base: string }) {
  const can = useCan();
  const { itemId } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const [filters, setFilters] = useItemFilters();
  const query = toListQuery(filters);
  const list = useQuery({ ...itemListQueryOptions(query), enabled: can('view:item') });
  const catalogue = useCatalogue();
  const money = useMoney();
  const writes = useItemWrites();
  const [dialog, setDialog] = useState<ItemDialog | null>(null);
  const [importing, setImporting] = useState(false);

  if (!can('view:item')) {
    return (
      <Page remote="inventory" title="Inventory">
        <NotAllowed>Seeing items needs the view:item permission.</NotAllowed>
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
  // Only the filtered location's column when a location is chosen.
  const columns = filters.location ? catalogue.locations.filter((location) => location._id === filters.location) : catalogue.locations;

  return (
    <Page
      remote="inventory"
      title="Inventory"
      extra={
        <Space wrap>
          <ExportButton query={query} catalogue={catalogue} />
          {can('create:item') && <Button onClick={() => setImporting(true)}>Import CSV</Button>}
          {can('create:item') && (
            <Button type="primary" onClick={() => setDialog({ kind: 'create-item' })}>
              Add item
            </Button>
          )}
        </Space>
      }
    >
      <ItemFilters filters={filters} catalogue={catalogue} onChange={setFilters} />
      <QueryState query={list} what="the items">
        {(data) => (
          <ItemsTable
            data={data}
            loading={list.isFetching && list.isPlaceholderData}
            locations={columns}
            money={money}
            itemHref={itemHref}
            onOpen={open}
            onPage={(page, limit) => setFilters({ page, limit })}
          />
        )}
      </QueryState>

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
            saved('{name} is added')(item);
            open(item._id);
          }}
        />
      )}
      {dialog?.kind === 'edit-item' && <ItemFormModal item={dialog.item} catalogue={catalogue} writes={writes} onClose={close} onSaved={saved('{name} is saved')} />}
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
          catalogue={catalogue}
          writes={writes}
          onClose={close}
          onSaved={saved(dialog.kind === 'add-batch' ? 'Batch of {name} added' : 'Batch of {name} saved')}
        />
      )}
      {importing && <ImportModal onClose={() => setImporting(false)} />}
    </Page>
  );
}
