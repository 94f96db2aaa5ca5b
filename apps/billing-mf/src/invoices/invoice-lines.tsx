import { Table } from 'antd';
import { ScrollRegion } from '@stockbook/ui/antd';
import type { Invoice, InvoiceLine } from '@stockbook/contracts';
import { quantityShown } from '../sale/sale-lines';

/** A line as people read it: the item, and its variant's name when it is one. */
export const lineLabel = (line: Pick<InvoiceLine, 'itemName' | 'variantName'>) => (line.variantName ? `${line.itemName} (${line.variantName})` : line.itemName);

const shortId = (id: string) => `…${id.slice(-6)}`;

/**
 * The invoice's lines: what each sold and what credit notes took back (and, once some was, what
 * it still sells and that part's total), the batches drawn (costs when the API sends them).
 */
export function InvoiceLinesTable({ invoice, money }: { invoice: Invoice; money(amount: string): string }) {
  const costs = invoice.items.some((line) => line.cost !== undefined);
  const refunds = invoice.creditNotes.length > 0;
  return (
    <ScrollRegion label="Invoice lines">
      <Table<InvoiceLine>
        rowKey="_id"
        size="small"
        pagination={false}
        dataSource={invoice.items}
        aria-label="Lines"
        columns={[
          { title: 'Item', key: 'item', render: (_, line) => lineLabel(line) },
          { title: 'Sold', key: 'sold', align: 'right', render: (_, line) => quantityShown(line.soldQuantity) },
          { title: 'Refunded', key: 'refunded', align: 'right', render: (_, line) => quantityShown(line.refundedQuantity) },
          ...(refunds ? [{ title: 'Net', key: 'net', align: 'right' as const, render: (_: unknown, line: InvoiceLine) => quantityShown(line.quantity) }] : []),
          { title: 'Price', key: 'price', align: 'right', render: (_, line) => money(line.price) },
          { title: 'Discount', key: 'discount', align: 'right', render: (_, line) => money(line.discount) },
          { title: refunds ? 'Net total' : 'Total', key: 'total', align: 'right', render: (_, line) => money(line.total) },
          ...(costs ? [{ title: 'Cost', key: 'cost', align: 'right' as const, render: (_: unknown, line: InvoiceLine) => (line.cost === undefined ? '' : money(line.cost)) }] : []),
          {
            title: 'Batches drawn',
            key: 'batches',
            render: (_, line) => (
              <ul style={{ margin: 0, paddingLeft: 16 }}>
                {line.batch.map((draw) => (
                  <li key={draw.batchID}>
                    {`Batch ${shortId(draw.batchID)}: ${quantityShown(draw.quantity)}`}
                    {draw.cost !== undefined && ` at ${money(draw.cost)}`}
                    {/[1-9]/.test(draw.returned) && `, ${quantityShown(draw.returned)} returned`}
                  </li>
                ))}
              </ul>
            ),
          },
        ]}
      />
    </ScrollRegion>
  );
}
