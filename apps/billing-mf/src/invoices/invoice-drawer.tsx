import { Descriptions, Drawer, Grid, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { invoiceQueryOptions } from '@stockbook/api-client';
import type { Invoice, InvoicePayment, InvoiceRefund, Location } from '@stockbook/contracts';
import { moneyText, PAYMENT_METHOD_LABELS, sumDecimals, totalsWithTax } from '@stockbook/domain';
import { errorMessage, QueryState, RowActions, ScrollRegion, useCalendar, useCan, useNotify } from '@stockbook/ui/antd';
import { AmountsList, PartHeading } from '../common/amounts-list';
import { InvoiceStateTags } from '../common/invoice-state';
import { locationName } from '../common/sale-locations';
import type { SalesWrites } from '../common/use-sales-writes';
import { customerName } from '../customers/customer-form-modal';
import { InvoiceLinesTable, lineLabel } from './invoice-lines';
import { PaymentModal } from './payment-modal';
import { RefundModal } from './refund-modal';

export const publicLink = (link: string) => `${window.location.origin}/i/${link}`;

interface Props {
  invoiceId: string;
  locations: readonly Location[];
  writes: SalesWrites;
  money(amount: string): string;
  onPrint(invoice: Invoice): void;
  onClose(): void;
}

/** One invoice: its lines and batches drawn, payments, refunds and totals, with what may be done to it. */
export function InvoiceDrawer({ invoiceId, locations, writes, money, onPrint, onClose }: Props) {
  const invoice = useQuery(invoiceQueryOptions(invoiceId));
  const phone = Grid.useBreakpoint().md === false;
  const title = invoice.data ? `Invoice #${invoice.data.invoiceNumber}` : 'Invoice';
  return (
    <Drawer open title={title} size={phone ? '100%' : 'min(960px, 100vw)'} onClose={onClose}>
      <QueryState query={invoice} what="the invoice">
        {(data) => <InvoiceDetails invoice={data} locations={locations} writes={writes} money={money} onPrint={onPrint} />}
      </QueryState>
    </Drawer>
  );
}

function InvoiceDetails({ invoice, locations, writes, money, onPrint }: { invoice: Invoice; locations: readonly Location[]; writes: SalesWrites; money(amount: string): string; onPrint(invoice: Invoice): void }) {
  const { date: dateOnly, dateTime } = useCalendar();
  const can = useCan();
  const notify = useNotify();
  const [dialog, setDialog] = useState<'payment' | 'refund' | null>(null);
  const at = invoice.locationID;
  const live = !invoice.deletedAt;
  const stillSold = invoice.items.some((line) => /[1-9]/.test(line.quantity));
  const subject = `invoice #${invoice.invoiceNumber}`;
  const failed = (what: string) => (error: unknown) => notify({ kind: 'error', title: `Could not ${what}`, description: errorMessage(error) });

  const copyLink = async (link: string) => {
    const url = publicLink(link);
    try {
      await navigator.clipboard.writeText(url);
      notify({ kind: 'success', title: 'Public link copied', description: url });
    } catch {
      notify({ kind: 'info', title: 'Copy this public link', description: url });
    }
  };

  // A cancelled invoice owes nothing and made nothing: what was received and what was given back
  // (all of it, by refunds and then the cancellation), no profit.
  const received = moneyText(sumDecimals(invoice.payments.map((payment) => payment.amount)));
  const totals: [string, string | undefined][] = live
    ? [
        ...totalsWithTax(invoice),
        ['Paid', invoice.paidAmount],
        ['Outstanding', invoice.outstanding],
        ['Total cost', invoice.totalCost],
        ['Net result', invoice.netResult],
      ]
    : [
        ['Grand total (cancelled)', invoice.grandTotal],
        ['Received', received],
        ['Given back', received],
      ];

  return (
    <div data-testid="invoice-details">
      <div style={{ marginBottom: 16 }}>
        <RowActions
          subject={subject}
          actions={[
            live && !invoice.settled && can('payment:invoice', at) && { label: 'Add payment', onClick: () => setDialog('payment') },
            live && stillSold && can('refund:invoice', at) && { label: 'Refund', onClick: () => setDialog('refund') },
            Boolean(invoice.link) && { label: 'Copy public link', onClick: () => void copyLink(invoice.link!) },
            Boolean(invoice.link && invoice.customer?.email) &&
              can('create:invoice', at) && {
                label: 'Send to customer',
                loading: writes.sendLink.isPending,
                onClick: () =>
                  writes.sendLink.mutate(invoice._id, {
                    onSuccess: () => notify({ kind: 'success', title: `Invoice #${invoice.invoiceNumber} sent to ${invoice.customer!.email}` }),
                    onError: failed('send the invoice'),
                  }),
              },
            Boolean(invoice.link) &&
              can('create:invoice', at) && {
                label: 'Revoke link',
                danger: true,
                loading: writes.revokeLink.isPending,
                confirm: { title: 'Revoke the public link?', description: 'Whoever has it can no longer open the invoice.', okText: 'Revoke' },
                onClick: () => writes.revokeLink.mutate(invoice._id, { onSuccess: () => notify({ kind: 'success', title: 'Public link revoked' }), onError: failed('revoke the link') }),
              },
            !invoice.link &&
              can('create:invoice', at) && {
                label: 'New public link',
                loading: writes.reissueLink.isPending,
                onClick: () => writes.reissueLink.mutate(invoice._id, { onSuccess: () => notify({ kind: 'success', title: 'New public link made' }), onError: failed('make a new link') }),
              },
            { label: 'Print receipt', onClick: () => onPrint(invoice) },
            live &&
              can('delete:invoice', at) && {
                label: 'Cancel invoice',
                danger: true,
                loading: writes.cancelInvoice.isPending,
                confirm: { title: `Cancel ${subject}?`, description: 'Its stock goes back to its batches and the money received is paid back.', okText: 'Cancel invoice' },
                onClick: () =>
                  writes.cancelInvoice.mutate(invoice._id, {
                    onSuccess: () => notify({ kind: 'success', title: `Invoice #${invoice.invoiceNumber} is cancelled` }),
                    onError: failed('cancel the invoice'),
                  }),
              },
          ]}
        />
      </div>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
        <Descriptions.Item label="State">
          <InvoiceStateTags invoice={invoice} />
        </Descriptions.Item>
        <Descriptions.Item label="Date">{dateTime(invoice.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="Location">{locationName(locations, invoice.locationID)}</Descriptions.Item>
        <Descriptions.Item label="Customer">{invoice.customer ? customerName(invoice.customer) : 'Walk-in'}</Descriptions.Item>
        <Descriptions.Item label="Invoiced by">{customerName(invoice.user)}</Descriptions.Item>
        <Descriptions.Item label="Payment method">{PAYMENT_METHOD_LABELS[invoice.paymentMethod]}</Descriptions.Item>
        {invoice.paymentDueDate && <Descriptions.Item label="Due date">{dateOnly(invoice.paymentDueDate)}</Descriptions.Item>}
        <Descriptions.Item label="Public page">
          {invoice.link ? (
            <a href={`/i/${invoice.link}`} target="_blank" rel="noreferrer" data-testid="public-link">
              Open the public page
            </a>
          ) : (
            'No link (revoked)'
          )}
        </Descriptions.Item>
      </Descriptions>

      <PartHeading>Lines</PartHeading>
      <InvoiceLinesTable invoice={invoice} money={money} />

      <PartHeading>Totals</PartHeading>
      <AmountsList testId="invoice-totals" money={money} rows={totals.filter((row): row is [string, string] => row[1] !== undefined)} />

      <PartHeading>Payments</PartHeading>
      <ScrollRegion label="Invoice payments">
        <Table<InvoicePayment>
          rowKey="_id"
          size="small"
          pagination={false}
          dataSource={invoice.payments}
          aria-label="Payments"
          locale={{ emptyText: 'No payments.' }}
          columns={[
            { title: 'Date', key: 'date', render: (_, payment) => dateTime(payment.date) },
            { title: 'Method', key: 'method', render: (_, payment) => `${PAYMENT_METHOD_LABELS[payment.paymentMethod]}${payment.atSale ? ' (with the sale)' : ''}` },
            { title: 'Amount', key: 'amount', align: 'right', render: (_, payment) => money(payment.amount) },
            {
              title: 'Tendered / change',
              key: 'tendered',
              align: 'right',
              render: (_, payment) => (payment.tendered ? `${money(payment.tendered)} / ${money(payment.change ?? '0')}` : '—'),
            },
            { title: 'By', key: 'by', render: (_, payment) => customerName(payment.user) },
          ]}
        />
      </ScrollRegion>

      <PartHeading>Refunds</PartHeading>
      <ScrollRegion label="Invoice refunds">
        <Table<InvoiceRefund>
          rowKey="_id"
          size="small"
          pagination={false}
          dataSource={invoice.refunds}
          aria-label="Refunds"
          locale={{ emptyText: 'No refunds.' }}
          columns={[
            { title: 'Date', key: 'date', render: (_, refund) => dateTime(refund.createdAt) },
            {
              title: 'Items',
              key: 'items',
              render: (_, refund) =>
                refund.items
                  .map((item) => {
                    const line = invoice.items.find((one) => one._id === item.lineID);
                    return `${line ? lineLabel(line) : 'Line'} × ${item.quantity.replace(/\.?0+$/, '')}`;
                  })
                  .join(', '),
            },
            { title: 'Paid back', key: 'amount', align: 'right', render: (_, refund) => money(refund.amount) },
            { title: 'By', key: 'by', render: (_, refund) => customerName(refund.user) },
          ]}
        />
      </ScrollRegion>

      {dialog === 'payment' && (
        <PaymentModal
          invoice={invoice}
          writes={writes}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            setDialog(null);
            notify({ kind: 'success', title: saved.settled ? `Invoice #${saved.invoiceNumber} is settled` : `Payment added to invoice #${saved.invoiceNumber}` });
          }}
        />
      )}
      {dialog === 'refund' && (
        <RefundModal
          invoice={invoice}
          writes={writes}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            setDialog(null);
            notify({ kind: 'success', title: `Refund from invoice #${saved.invoiceNumber} is saved` });
          }}
        />
      )}
    </div>
  );
}
