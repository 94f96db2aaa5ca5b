import { Descriptions, Drawer, Grid, Table, theme } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { customerStatementQueryOptions } from '@stockbook/api-client';
import type { CreditNote, CustomerInvoiceSummary, CustomerStatement } from '@stockbook/contracts';
import { PAYMENT_METHOD_LABELS } from '@stockbook/domain';
import { QueryState, ScrollRegion, useCalendar, useCan, useMoney } from '@stockbook/ui/antd';
import { PartHeading } from '../common/amounts-list';
import { InvoiceStateTags } from '../common/invoice-state';
import { customerName } from './customer-name';
import { defaultStatementRange, StatementPart, type StatementRange } from './customer-statement';

/**
 * A customer's page (issue 22, rule 8), in a drawer over the customers at `customers/:customerId`:
 * who they are, what they bought and owe, their invoices and credit notes, and their statement for
 * a range of days (the last 3 months to start with). Only invoices at locations where the user may
 * view invoices count (the API's rule).
 */
export function CustomerDrawer({ customerId, base, onClose }: { customerId: string; base: string; onClose(): void }) {
  const calendar = useCalendar();
  const money = useMoney();
  const phone = Grid.useBreakpoint().md === false;
  // Until dates are picked: the last 3 months to today in the business's calendar, as it loads.
  const [picked, setRange] = useState<StatementRange | null>(null);
  const range = picked ?? defaultStatementRange(calendar.today());
  const statement = useQuery({
    ...customerStatementQueryOptions(customerId, calendar.bounds(range)),
    // Another range of the same customer keeps the page on screen while it loads; another customer does not.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === customerId ? keepPreviousData(previous) : undefined),
  });
  const title = statement.data ? customerName(statement.data.customer) : 'Customer';
  return (
    <Drawer open title={title} size={phone ? '100%' : 'min(960px, 100vw)'} onClose={onClose}>
      <QueryState query={statement} what="the customer">
        {(data) => (
          <div data-testid="customer-details">
            <Contact statement={data} />
            <Figures statement={data} money={money} />
            <PartHeading>Invoices</PartHeading>
            <InvoicesTable statement={data} base={base} money={money} />
            <PartHeading>Credit notes</PartHeading>
            <CreditNotesTable statement={data} base={base} money={money} />
            <PartHeading>Statement</PartHeading>
            <StatementPart statement={data} range={range} onRange={setRange} loading={statement.isPlaceholderData} money={money} />
          </div>
        )}
      </QueryState>
    </Drawer>
  );
}

function Contact({ statement }: { statement: CustomerStatement }) {
  const { customer } = statement;
  const { date } = useCalendar();
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
      <Descriptions.Item label="E-mail">{customer.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : 'No e-mail'}</Descriptions.Item>
      <Descriptions.Item label="Contact number">{customer.contactNumber ? <a href={`tel:${customer.contactNumber.replace(/\s+/g, '')}`}>{customer.contactNumber}</a> : 'No number'}</Descriptions.Item>
      <Descriptions.Item label="Address">{customer.address ? <span style={{ whiteSpace: 'pre-line' }}>{customer.address}</span> : 'No address'}</Descriptions.Item>
      <Descriptions.Item label="Customer since">{date(customer.createdAt)}</Descriptions.Item>
    </Descriptions>
  );
}

/** Total bought (net of credit notes, cancelled invoices left out), what they owe now, and when they last bought. */
function Figures({ statement, money }: { statement: CustomerStatement; money(amount: string): string }) {
  const { token } = theme.useToken();
  const { date } = useCalendar();
  const figures: [string, string][] = [
    ['Total bought', money(statement.totalBought)],
    ['Outstanding credit', money(statement.outstandingCredit)],
    ['Last purchase', statement.lastPurchase ? date(statement.lastPurchase) : 'Nothing yet'],
  ];
  return (
    <dl data-testid="customer-figures" style={{ display: 'flex', flexWrap: 'wrap', gap: '12px 40px', margin: '16px 0 0' }}>
      {figures.map(([label, value]) => (
        <div key={label}>
          <dt style={{ color: token.colorTextSecondary }}>{label}</dt>
          <dd data-testid={`customer-${label.toLowerCase().replace(/ /g, '-')}`} style={{ margin: 0, fontSize: 20, fontWeight: 600, whiteSpace: 'nowrap' }}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** "#12", a link to the invoice's drawer where the user may view it, the number alone elsewhere. */
function InvoiceNumber({ base, id, number, locationID }: { base: string; id: string; number: number; locationID: string }) {
  const can = useCan();
  return can('view:invoice', locationID) ? <Link to={`${base}/invoices/${encodeURIComponent(id)}`}>#{number}</Link> : <>#{number}</>;
}

function InvoicesTable({ statement, base, money }: { statement: CustomerStatement; base: string; money(amount: string): string }) {
  const { date } = useCalendar();
  const amount = (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{money(value)}</span>;
  return (
    <ScrollRegion label="Customer invoices">
      <Table<CustomerInvoiceSummary>
        rowKey="_id"
        size="small"
        aria-label="Invoices"
        dataSource={statement.invoices}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: `${customerName(statement.customer)} has not bought anything yet.` }}
        columns={[
          { title: 'Invoice', key: 'number', render: (_, invoice) => <InvoiceNumber base={base} id={invoice._id} number={invoice.invoiceNumber} locationID={invoice.locationID} /> },
          { title: 'Date', key: 'date', render: (_, invoice) => <span style={{ whiteSpace: 'nowrap' }}>{date(invoice.createdAt)}</span> },
          { title: 'Sold', key: 'sold', align: 'right', render: (_, invoice) => amount(invoice.soldTotal) },
          { title: 'Net', key: 'net', align: 'right', render: (_, invoice) => amount(invoice.grandTotal) },
          { title: 'Outstanding', key: 'outstanding', align: 'right', render: (_, invoice) => amount(invoice.outstanding) },
          { title: 'State', key: 'state', render: (_, invoice) => <InvoiceStateTags invoice={invoice} /> },
        ]}
      />
    </ScrollRegion>
  );
}

function CreditNotesTable({ statement, base, money }: { statement: CustomerStatement; base: string; money(amount: string): string }) {
  const { date } = useCalendar();
  return (
    <ScrollRegion label="Customer credit notes">
      <Table<CreditNote>
        rowKey="_id"
        size="small"
        aria-label="Credit notes"
        dataSource={statement.creditNotes}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: 'Nothing of theirs has been refunded.' }}
        columns={[
          { title: 'Credit note', key: 'number', render: (_, note) => <span style={{ whiteSpace: 'nowrap' }}>Credit note #{note.creditNoteNumber}</span> },
          { title: 'Invoice', key: 'invoice', render: (_, note) => <InvoiceNumber base={base} id={note.invoiceID} number={note.invoiceNumber} locationID={note.locationID} /> },
          { title: 'Date', key: 'date', render: (_, note) => <span style={{ whiteSpace: 'nowrap' }}>{date(note.createdAt)}</span> },
          { title: 'Value', key: 'value', align: 'right', render: (_, note) => <span style={{ whiteSpace: 'nowrap' }}>{money(note.grandTotal)}</span> },
          {
            title: 'Paid back',
            key: 'paidBack',
            align: 'right',
            render: (_, note) => (
              <span style={{ whiteSpace: 'nowrap' }}>
                {money(note.amountPaidBack)}
                {note.paymentMethod ? ` (${PAYMENT_METHOD_LABELS[note.paymentMethod]})` : ''}
              </span>
            ),
          },
        ]}
      />
    </ScrollRegion>
  );
}
