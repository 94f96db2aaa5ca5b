import { Descriptions, Drawer, Grid, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import Big from 'big.js';
import { useState } from 'react';
import { invoiceQueryOptions } from '@stockbook/api-client';
import type { CreditNote, Invoice, InvoicePayment, Location } from '@stockbook/contracts';
import { moneyText, PAYMENT_METHOD_LABELS, sumDecimals, totalsWithTax } from '@stockbook/domain';
import { errorMessage, QueryState, RowActions, ScrollRegion, useCalendar, useCan, useNotify } from '@stockbook/ui/antd';
import { AmountsList, PartHeading } from '../common/amounts-list';
import { InvoiceStateTags } from '../common/invoice-state';
import { locationName } from '../common/sale-locations';
import type { SalesWrites } from '../common/use-sales-writes';
import { customerName } from '../customers/customer-form-modal';
import { quantityShown } from '../sale/sale-lines';
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
  /** Prints one of the invoice's credit notes. */
  onPrintCreditNote(creditNote: CreditNote, invoice: Invoice): void;
  onClose(): void;
}

type DetailsProps = Omit<Props, 'invoiceId' | 'onClose'> & { invoice: Invoice };

/** One invoice: its lines and batches drawn, payments, credit notes and totals, with what may be done to it. */
export function InvoiceDrawer({ invoiceId, onClose, ...rest }: Props) {
  const invoice = useQuery(invoiceQueryOptions(invoiceId));
  const phone = Grid.useBreakpoint().md === false;
  const title = invoice.data ? `Invoice #${invoice.data.invoiceNumber}` : 'Invoice';
  return (
    <Drawer open title={title} size={phone ? '100%' : 'min(960px, 100vw)'} onClose={onClose}>
      <QueryState query={invoice} what="the invoice">
        {(data) => <InvoiceDetails invoice={data} {...rest} />}
      </QueryState>
    </Drawer>
  );
}

function InvoiceDetails({ invoice, locations, writes, money, onPrint, onPrintCreditNote }: DetailsProps) {
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
  // With credit notes (issue 22, rule 1): what it sold, what they took back, and the net it now
  // stands at; paid, outstanding, cost and result are the net's. Without any, the sale's own rows.
  const soldAndNet: [string, string][] =
    invoice.creditNotes.length > 0
      ? [
          ['Sold', invoice.sold.grandTotal],
          ['Refunded', moneyText(new Big(invoice.refundedTotals.grandTotal).neg())],
          ['Net', invoice.grandTotal],
        ]
      : totalsWithTax(invoice);
  const totals: [string, string | undefined][] = live
    ? [
        ...soldAndNet,
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

      <PartHeading>Credit notes</PartHeading>
      <CreditNotesTable invoice={invoice} money={money} dateTime={dateTime} onPrint={(creditNote) => onPrintCreditNote(creditNote, invoice)} />

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
            const creditNote = saved.creditNotes.at(-1);
            notify({ kind: 'success', title: creditNote ? `Credit note #${creditNote.creditNoteNumber} saved for invoice #${saved.invoiceNumber}` : `Refund from invoice #${saved.invoiceNumber} saved` });
          }}
        />
      )}
    </div>
  );
}

/**
 * The credit notes refunds made (issue 22, rule 1), oldest first, each with its own receipt to
 * print. In a ScrollRegion as the drawer's other tables: without a credit note the table holds
 * nothing focusable, and a phone still scrolls it sideways by keyboard.
 */
function CreditNotesTable({ invoice, money, dateTime, onPrint }: { invoice: Invoice; money(amount: string): string; dateTime(iso: string): string; onPrint(creditNote: CreditNote): void }) {
  return (
    <ScrollRegion label="Invoice credit notes">
      <Table<CreditNote>
        rowKey="_id"
        size="small"
        pagination={false}
        dataSource={invoice.creditNotes}
        aria-label="Credit notes"
        locale={{ emptyText: 'No credit notes.' }}
        columns={[
          { title: 'Number', key: 'number', render: (_, note) => `Credit note #${note.creditNoteNumber}` },
          { title: 'Date', key: 'date', render: (_, note) => dateTime(note.createdAt) },
          { title: 'Items', key: 'items', render: (_, note) => note.items.map((item) => `${lineLabel(item)} × ${quantityShown(item.quantity)}`).join(', ') },
          { title: 'Value', key: 'value', align: 'right', render: (_, note) => money(note.grandTotal) },
          {
            title: 'Paid back',
            key: 'paidBack',
            align: 'right',
            render: (_, note) => `${money(note.amountPaidBack)}${note.paymentMethod ? ` (${PAYMENT_METHOD_LABELS[note.paymentMethod]})` : ''}`,
          },
          { title: 'By', key: 'by', render: (_, note) => customerName(note.user) },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, note) => <RowActions subject={`credit note #${note.creditNoteNumber}`} actions={[{ label: 'Print', onClick: () => onPrint(note) }]} />,
          },
        ]}
      />
    </ScrollRegion>
  );
}
