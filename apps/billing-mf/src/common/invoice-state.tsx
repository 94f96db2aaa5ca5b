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

// The words keep the tag's own (neutral) colours, which meet 4.5:1 in both themes; antd's coloured
// tags do not (orange-7 on orange-1 is 3.3:1, green-7 on green-1 3.4:1). A coloured dot tells them apart.
const DOTS: Record<InvoiceStateLabel, string> = { Settled: '#52c41a', 'Not Settled': '#fa541c', Credit: '#1677ff', Refunded: '#722ed1', Cancelled: '#8c8c8c' };

export function InvoiceStateTags({ invoice }: { invoice: Pick<Invoice, 'deletedAt' | 'settled' | 'credit' | 'refunded'> }) {
  return (
    <Space size={4} wrap>
      {invoiceStates(invoice).map((state) => (
        <Tag key={state}>
          <span aria-hidden="true" style={{ color: DOTS[state] }}>
            ●
          </span>{' '}
          {state}
        </Tag>
      ))}
    </Space>
  );
}
