import { Descriptions, Drawer, Grid, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { transferQueryOptions } from '@stockbook/api-client';
import type { BatchSnapshot, Location, Transfer, TransferLine } from '@stockbook/contracts';
import { QueryState, RowActions, ScrollRegion, useCalendar } from '@stockbook/ui/antd';
import { PartHeading } from '../common/amounts-list';
import { quantityShown } from '../sale/sale-lines';
import { lineItemName } from './transfer-name';
import { placeName, transferItemName, TransferPeople, TransferStatusTag, useTransferActions } from './transfer-parts';
import type { TransferWrites } from './use-transfer-writes';

interface Props {
  transferId: string;
  locations: readonly Location[];
  writes: TransferWrites;
  money(amount: string): string;
  onClose(): void;
}

/** A batch as people tell batches apart: its short id and the day it was added. */
const batchLabel = (id: string, dateAdded: string, dateOnly: (iso: string) => string) => `#${id.slice(0, 8)} (added ${dateOnly(dateAdded)})`;

/** One transfer: what moved where (each item and what it carries of the cost), its cost and who bears it, who acted, its history and its batch snapshot. */
export function TransferDrawer({ transferId, locations, writes, money, onClose }: Props) {
  const transfer = useQuery(transferQueryOptions(transferId));
  const phone = Grid.useBreakpoint().md === false;
  return (
    <Drawer open title={transfer.data ? `Transfer of ${transferItemName(transfer.data)}` : 'Transfer'} size={phone ? '100%' : 'min(960px, 100vw)'} onClose={onClose}>
      <QueryState query={transfer} what="the transfer">
        {(data) => <TransferDetails transfer={data} locations={locations} writes={writes} money={money} />}
      </QueryState>
    </Drawer>
  );
}

function TransferDetails({ transfer, locations, writes, money }: { transfer: Transfer; locations: readonly Location[]; writes: TransferWrites; money(amount: string): string }) {
  const { date: dateOnly, dateTime } = useCalendar();
  const actions = useTransferActions(writes);
  const place = (id: string | null) => (id ? placeName(locations, id) : '');
  return (
    <div data-testid="transfer-details">
      <div style={{ marginBottom: 16 }}>
        <RowActions subject={`transfer of ${transferItemName(transfer)}`} actions={actions(transfer)} />
      </div>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
        <Descriptions.Item label="Status">
          <TransferStatusTag status={transfer.status} />
        </Descriptions.Item>
        <Descriptions.Item label="Date">{dateTime(transfer.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="Item">{transferItemName(transfer)}</Descriptions.Item>
        <Descriptions.Item label="Quantity">{quantityShown(transfer.transferQuantity)}</Descriptions.Item>
        <Descriptions.Item label="From">{place(transfer.sourceLocationID)}</Descriptions.Item>
        <Descriptions.Item label="To">{place(transfer.destinationLocationID)}</Descriptions.Item>
        <Descriptions.Item label="Transfer cost">{money(transfer.transferCost)}</Descriptions.Item>
        <Descriptions.Item label="Cost borne by">{transfer.costIncursion ?? 'No one'}</Descriptions.Item>
        <Descriptions.Item label="Valuation method">{transfer.stockValuationMethod}</Descriptions.Item>
        <Descriptions.Item label="People">
          <TransferPeople transfer={transfer} />
        </Descriptions.Item>
      </Descriptions>

      <PartHeading>Items</PartHeading>
      <ScrollRegion label="Items moved">
        <Table<TransferLine>
          rowKey={(line) => line.variantID ?? line.itemID}
          size="small"
          pagination={false}
          dataSource={transfer.lines}
          aria-label="Items moved"
          columns={[
            { title: 'Item', key: 'item', render: (_, line) => lineItemName(line) },
            { title: 'Quantity', key: 'quantity', align: 'right', render: (_, line) => quantityShown(line.transferQuantity) },
            // What each line's stock carries of the destination's share of the cost (split by value).
            { title: 'Cost carried', key: 'share', align: 'right', render: (_, line) => money(line.costShare) },
            ...(transfer.lines.some((line) => line.stockValue !== undefined)
              ? [{ title: 'Value sent', key: 'value', align: 'right' as const, render: (_: unknown, line: TransferLine) => (line.stockValue === undefined ? 'Hidden' : money(line.stockValue)) }]
              : []),
          ]}
        />
      </ScrollRegion>

      <PartHeading>History</PartHeading>
      <ol className="sb-history" aria-label="History of the transfer">
        {transfer.history.map((step) => (
          <li key={step.event}>
            <strong>{step.event}</strong>
            {step.by ? ` by ${step.by.firstName} ${step.by.lastName}`.trimEnd() : ''} · {dateTime(step.at)}
          </li>
        ))}
      </ol>

      <PartHeading>Batch snapshot</PartHeading>
      <ScrollRegion label="Batch snapshot">
        <Table<BatchSnapshot>
          rowKey={(part) => `${part.batchID}-${part.previousBatchID ?? ''}-${part.quantity}`}
          size="small"
          pagination={false}
          dataSource={transfer.batchSnapshot}
          aria-label="Batch snapshot"
          locale={{ emptyText: 'No batches drawn.' }}
          columns={[
            // Once arrived, a part names its new batch and points back to the source batch it came from.
            { title: 'Batch', key: 'batch', render: (_, part) => batchLabel(part.transferred ? (part.previousBatchID ?? part.batchID) : part.batchID, part.dateAdded, dateOnly) },
            { title: 'Location', key: 'location', render: (_, part) => place(part.transferred ? part.previousLocationID : part.locationID) },
            { title: 'Quantity', key: 'quantity', align: 'right', render: (_, part) => quantityShown(part.quantity) },
            { title: 'Unit cost', key: 'cost', align: 'right', render: (_, part) => (part.cost === undefined ? 'Hidden' : money(part.cost)) },
            { title: 'Split', key: 'split', render: (_, part) => (part.split ? 'Part of the batch' : 'Whole batch') },
            { title: 'Previous quantity', key: 'previous', align: 'right', render: (_, part) => quantityShown(part.previousQuantity) },
            {
              title: 'Arrived batch',
              key: 'arrived',
              render: (_, part) => (part.transferred ? `${batchLabel(part.batchID, part.dateAdded, dateOnly)} at ${place(part.locationID)}` : 'Not yet'),
            },
          ]}
        />
      </ScrollRegion>
    </div>
  );
}
