import { Space, Tag } from 'antd';
import type { Invoice } from '@stockbook/contracts';

export type InvoiceStateLabel = 'Settled' | 'Not Settled' | 'Credit' | 'Refunded' | 'Cancelled';

/** What the invoice table and drawer say of an invoice: cancelled, or settled or not, on credit, refunded. */
export function invoiceStates(invoice: Pick<Invoice, 'deletedAt' | 'settled' | 'credit' | 'refunded'>): InvoiceStateLabel[] {
  if (invoice.deletedAt) return ['Cancelled'];
  const states: InvoiceStateLabel[] = [invoice.settled ? 'Settled' : 'Not Settled'];
  if (invoice.credit) states.push('Credit');
  if (invoice.refunded) states.push('Refunded');
  return states;
}

const COLOURS: Record<InvoiceStateLabel, string> = { Settled: 'green', 'Not Settled': 'orange', Credit: 'blue', Refunded: 'purple', Cancelled: 'red' };

export function InvoiceStateTags({ invoice }: { invoice: Pick<Invoice, 'deletedAt' | 'settled' | 'credit' | 'refunded'> }) {
  return (
    <Space size={4} wrap>
      {invoiceStates(invoice).map((state) => (
        <Tag key={state} color={COLOURS[state]}>
          {state}
        </Tag>
      ))}
    </Space>
  );
}
