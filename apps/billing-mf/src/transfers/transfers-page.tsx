import { Button, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { datedTransfersQueryOptions, locationsQueryOptions } from '@stockbook/api-client';
import type { Transfer } from '@stockbook/contracts';
import { useAddressAction } from '@stockbook/ui';
import { DatedQueryState, NotAllowed, Page, RowActions, useCalendar, useCan, useMoney, useNotify } from '@stockbook/ui/antd';
import { downloadRangeCsv, rangeCovers, useCsvFormat } from '../common/csv-export';
import { useRowsPrinter } from '../common/rows-print';
import { DatedFiltersBar, useDatedFilters } from '../common/dated-filters';
import { useActionLocations } from '../common/sale-locations';
import { quantityShown } from '../sale/sale-lines';
import { TransferDrawer } from './transfer-drawer';
import { TransferFormModal } from './transfer-form-modal';
import { transfersCsvRows } from './transfers-csv';
import { placeName, transferItemName, TransferPeople, TransferStatusTag, useTransferActions } from './transfer-parts';
import { useTransferWrites } from './use-transfer-writes';

/**
 * The transfers between locations: by date (today to start with, section 9), from or to a location
 * (the working location to start with) or all; a new transfer; Complete, Cancel and Delete where
 * the user may; a transfer's drawer with its batch snapshot at `transfers/:transferId`.
 */
export function TransfersPage({ base }: { base: string }) {
  const { dateTime } = useCalendar();
  const can = useCan();
  const money = useMoney();
  const notify = useNotify();
  const navigate = useNavigate();
  const { search: query } = useLocation();
  const { transferId } = useParams();
  const filters = useDatedFilters('view:transfer');
  const sources = useActionLocations('create:transfer').locations;
  const visible = useQuery(locationsQueryOptions()).data ?? [];
  const [creating, setCreating] = useState(false);
  // The command palette's New transfer opens the form (`?do=new-transfer`).
  useAddressAction(sources.length > 0 ? { 'new-transfer': () => setCreating(true) } : {});
  const list = useQuery({ ...datedTransfersQueryOptions(filters.query), enabled: can('view:transfer'), placeholderData: (previous) => previous });
  const writes = useTransferWrites();
  const actions = useTransferActions(writes);
  const csvFormat = useCsvFormat();
  const printer = useRowsPrinter();

  if (!can('view:transfer')) {
    return (
      <Page remote="billing" title="Transfers">
        <NotAllowed>You can't see transfers. Ask an administrator for access.</NotAllowed>
      </Page>
    );
  }

  const href = (id: string) => `${base}/transfers/${encodeURIComponent(id)}${query}`;
  const anyActions = (list.data ?? []).some((transfer) => actions(transfer).length > 0);
  // What the table shows: its dates and location (issue 22, rule 8).
  const rowsOf = () => list.data && csvFormat && transfersCsvRows(list.data, { ...csvFormat, location: (id) => placeName(visible, id) });
  const exportCsv = () => {
    const rows = rowsOf();
    if (rows) downloadRangeCsv('transfers', filters.range, rows);
  };
  const print = () => {
    const rows = rowsOf();
    if (rows) printer.print({ title: 'Transfers', covers: rangeCovers(filters.range, filters.location && placeName(visible, filters.location)), rows });
  };
  return (
    <Page remote="billing" title="Transfers">
      <DatedFiltersBar filters={filters} idPrefix="transfers">
        <Button disabled={!list.data || list.isPlaceholderData || !csvFormat} onClick={exportCsv}>
          Download CSV
        </Button>
        <Button disabled={!list.data || list.isPlaceholderData || !csvFormat} onClick={print}>
          Print
        </Button>
        {printer.sheet}
        {sources.length > 0 && (
          <Button type="primary" onClick={() => setCreating(true)}>
            New transfer
          </Button>
        )}
      </DatedFiltersBar>
      <DatedQueryState query={list} what="the transfers" call="GET user/transfer">
        {(transfers) => (
          <Table<Transfer>
            rowKey="_id"
            dataSource={transfers}
            size="middle"
            loading={list.isFetching && list.isPlaceholderData}
            scroll={{ x: 'max-content' }}
            pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
            locale={{ emptyText: 'No transfers in these dates.' }}
            onRow={(transfer) => (transfer._id === transferId ? { 'aria-current': 'true', className: 'ant-table-row-selected' } : {})}
            columns={[
              { title: 'Date', key: 'date', render: (_, transfer) => dateTime(transfer.createdAt) },
              {
                title: 'Item',
                key: 'item',
                render: (_, transfer) => (
                  <Link to={href(transfer._id)} aria-label={`Open the transfer of ${transferItemName(transfer)} of ${dateTime(transfer.createdAt)}`}>
                    {transferItemName(transfer)}
                  </Link>
                ),
              },
              { title: 'From', key: 'from', render: (_, transfer) => placeName(visible, transfer.sourceLocationID) },
              { title: 'To', key: 'to', render: (_, transfer) => placeName(visible, transfer.destinationLocationID) },
              { title: 'Quantity', key: 'quantity', align: 'right', render: (_, transfer) => quantityShown(transfer.transferQuantity) },
              {
                title: 'Cost',
                key: 'cost',
                align: 'right',
                render: (_, transfer) => (
                  <>
                    <span style={{ whiteSpace: 'nowrap' }}>{money(transfer.transferCost)}</span>
                    {transfer.costIncursion && <div style={{ whiteSpace: 'nowrap' }}>borne by {transfer.costIncursion}</div>}
                  </>
                ),
              },
              { title: 'Status', key: 'status', render: (_, transfer) => <TransferStatusTag status={transfer.status} /> },
              { title: 'People', key: 'people', render: (_, transfer) => <TransferPeople transfer={transfer} /> },
              ...(anyActions
                ? [{ title: 'Actions', key: 'actions', render: (_: unknown, transfer: Transfer) => <RowActions subject={`transfer of ${transferItemName(transfer)}`} actions={actions(transfer)} /> }]
                : []),
            ]}
          />
        )}
      </DatedQueryState>
      {transferId && (
        <TransferDrawer transferId={transferId} locations={visible} writes={writes} money={money} onClose={() => navigate({ pathname: `${base}/transfers`, search: query })} />
      )}
      {creating && (
        <TransferFormModal
          sources={sources}
          locations={visible}
          working={filters.working}
          writes={writes}
          onClose={() => setCreating(false)}
          onSaved={(transfer) => {
            setCreating(false);
            notify({ kind: 'success', title: `Transfer of ${transferItemName(transfer)} created`, description: 'Its stock is reserved at the source until it is completed.' });
          }}
        />
      )}
    </Page>
  );
}
