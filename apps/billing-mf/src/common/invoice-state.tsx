import { Space, Tag } from 'antd';
import type { Invoice } from '@stockbook/contracts';

export type InvoiceStateLabel = 'Settled' | 'Not Settled' | 'Credit' | 'Partly refunded' | 'Refunded' | 'Cancelled';

/** The flags an invoice's states are read from (`credit` may be left out: a customer's invoice summary has none). */
export type InvoiceStateFlags = Pick<Invoice, 'deletedAt' | 'settled' | 'refunded' | 'partiallyRefunded'> & Partial<Pick<Invoice, 'credit'>>;

/**
 * What the invoice table and drawer say of an invoice: cancelled, or settled or not, on credit,
 * and refunded in full or in part by credit notes (issue 22, rule 1).
 */
export function invoiceStates(invoice: InvoiceStateFlags): InvoiceStateLabel[] {
  if (invoice.deletedAt) return ['Cancelled'];
  const states: InvoiceStateLabel[] = [invoice.settled ? 'Settled' : 'Not Settled'];
  if (invoice.credit) states.push('Credit');
  if (invoice.refunded) states.push('Refunded');
  else if (invoice.partiallyRefunded) states.push('Partly refunded');
  return states;
}

// The words keep the tag's own (neutral) colours, which meet 4.5:1 in both themes; antd's coloured
// tags do not (orange-7 on orange-1 is 3.3:1, green-7 on green-1 3.4:1). A coloured dot tells them
// apart: Partly refunded a magenta beside Refunded's purple, mid-tone so it shows on both themes' tags.
const DOTS: Record<InvoiceStateLabel, string> = {
  Settled: '#52c41a',
  'Not Settled': '#fa541c',
  Credit: '#1677ff',
  'Partly refunded': '#eb2f96',
  Refunded: '#722ed1',
  Cancelled: '#8c8c8c',
};

export function InvoiceStateTags({ invoice }: { invoice: InvoiceStateFlags }) {
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
