import { Button, DatePicker, Input, Select, Table } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { datedCreditNotesQueryOptions, datedInvoicesQueryOptions, searchInvoicesQueryOptions } from '@stockbook/api-client';
import type { Invoice } from '@stockbook/contracts';
import { downloadCsv } from '@stockbook/ui/csv';
import { DatedQueryState, errorMessage, NotAllowed, Page, useCalendar, useCan, useMoney, useNotify } from '@stockbook/ui/antd';
import { downloadRangeCsv, rangeCovers, useCsvFormat } from '../common/csv-export';
import { useRowsPrinter } from '../common/rows-print';
import { InvoiceStateTags } from '../common/invoice-state';
import { useDatedFilters } from '../common/dated-filters';
import { locationName } from '../common/sale-locations';
import { useSalesWrites } from '../common/use-sales-writes';
import { customerName } from '../customers/customer-form-modal';
import { useReceiptPrinter } from '../receipts/receipt-print';
import { InvoiceDrawer } from './invoice-drawer';
import { creditNotesCsvRows, invoicesCsvRows } from './invoices-csv';

/**
 * The invoices: by date (today to start with, section 9), at a location (the working location to
 * start with) or all, or found by number, customer name, e-mail or phone; pages of 20; an
 * invoice's drawer at `invoices/:invoiceId`.
 */
export function InvoicesPage({ base }: { base: string }) {
  const { dateTime } = useCalendar();
  const can = useCan();
  const money = useMoney();
  const navigate = useNavigate();
  const { search: query } = useLocation();
  const { invoiceId } = useParams();
  // The business's days (issue 22, rule 4), as every dated billing screen counts them.
  const filters = useDatedFilters('view:invoice');
  const { locations, location, range } = filters;
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim());
  const locationsFilter = location ? [location] : undefined;
  const datedQuery = filters.query;
  const dated = useQuery({
    ...datedInvoicesQueryOptions(datedQuery),
    enabled: can('view:invoice') && !term,
    placeholderData: (previous) => previous,
  });
  const found = useQuery({ ...searchInvoicesQueryOptions({ search: term, locations: locationsFilter }), enabled: can('view:invoice') && Boolean(term), placeholderData: (previous) => previous });
  const list = term ? found : dated;
  const writes = useSalesWrites();
  const printer = useReceiptPrinter();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const csvFormat = useCsvFormat();
  const rowsPrinter = useRowsPrinter();
  const [exportingNotes, setExportingNotes] = useState(false);

  if (!can('view:invoice')) {
    return (
      <Page remote="billing" title="Invoices">
        <NotAllowed>You can't see invoices. Ask an administrator for access.</NotAllowed>
      </Page>
    );
  }

  const href = (id: string) => `${base}/invoices/${encodeURIComponent(id)}${query}`;
  // The files hold what the screen shows (issue 22, rule 8): its invoices (the dates' and location's,
  // or those found), and the credit notes made in the same dates at the same location.
  const csvContext = csvFormat && { ...csvFormat, location: (id: string) => locationName(locations, id) };
  const covers = () => (term ? `Matching “${term}”` : rangeCovers(range, location && locationName(locations, location)));
  const exportInvoices = (how: 'download' | 'print' = 'download') => {
    if (!list.data || !csvContext) return;
    const rows = invoicesCsvRows(list.data, csvContext);
    if (how === 'print') rowsPrinter.print({ title: 'Invoices', covers: covers(), rows });
    else if (term) downloadCsv(`invoices-matching-${term.toLowerCase().replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')}.csv`, rows);
    else downloadRangeCsv('invoices', range, rows);
  };
  const exportCreditNotes = async (how: 'download' | 'print' = 'download') => {
    if (!csvContext) return;
    setExportingNotes(true);
    try {
      const rows = creditNotesCsvRows(await queryClient.fetchQuery(datedCreditNotesQueryOptions(datedQuery)), csvContext);
      if (how === 'print') rowsPrinter.print({ title: 'Credit notes', covers: covers(), rows });
      else downloadRangeCsv('credit-notes', range, rows);
    } catch (error) {
      notify({ kind: 'error', title: 'Could not export the credit notes', description: errorMessage(error) });
    } finally {
      setExportingNotes(false);
    }
  };
  return (
    <Page remote="billing" title="Invoices">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, marginBottom: 16 }}>
        <DatePicker.RangePicker
          aria-label="Dates"
          id={{ start: 'invoices-from', end: 'invoices-to' }}
          format={filters.dateFormat}
          allowClear={false}
          value={range}
          disabled={Boolean(term)}
          onChange={(dates) => filters.setRange(dates && dates[0] && dates[1] ? [dates[0], dates[1]] : null)}
        />
        <Select
          aria-label="Location"
          data-testid="invoice-location-filter"
          style={{ minWidth: 200 }}
          allowClear
          placeholder="All locations"
          value={location}
          onChange={(id: string | undefined) => filters.setLocation(id)}
          options={locations.map((one) => ({ value: one._id, label: one.name }))}
        />
        <Input.Search aria-label="Search invoices" placeholder="Number, customer, e-mail or phone" allowClear value={search} onChange={(event) => setSearch(event.target.value)} style={{ maxWidth: 320 }} />
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
          <Button disabled={!list.data || list.isPlaceholderData || !csvContext} onClick={() => exportInvoices()}>
            Download invoices CSV
          </Button>
          <Button disabled={Boolean(term) || !csvContext} loading={exportingNotes} onClick={() => void exportCreditNotes()}>
            Download credit notes CSV
          </Button>
          <Button disabled={!list.data || list.isPlaceholderData || !csvContext} onClick={() => exportInvoices('print')}>
            Print invoices
          </Button>
          <Button disabled={Boolean(term) || !csvContext} onClick={() => void exportCreditNotes('print')}>
            Print credit notes
          </Button>
          {rowsPrinter.sheet}
        </div>
      </div>
      <DatedQueryState query={list} what="the invoices" call={term ? 'GET user/invoice/search' : 'GET user/invoice/dated'}>
        {(invoices) => (
          <Table<Invoice>
            rowKey="_id"
            dataSource={invoices}
            size="middle"
            loading={list.isFetching && list.isPlaceholderData}
            scroll={{ x: 'max-content' }}
            pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
            locale={{ emptyText: term ? 'No invoices match.' : 'No invoices in these dates.' }}
            onRow={(invoice) => (invoice._id === invoiceId ? { 'aria-current': 'true', className: 'ant-table-row-selected' } : {})}
            columns={[
              {
                title: 'Invoice',
                key: 'number',
                render: (_, invoice) => <Link to={href(invoice._id)}>#{invoice.invoiceNumber}</Link>,
              },
              { title: 'Total', key: 'total', align: 'right', render: (_, invoice) => money(invoice.grandTotal) },
              { title: 'State', key: 'state', render: (_, invoice) => <InvoiceStateTags invoice={invoice} /> },
              { title: 'Date', key: 'date', render: (_, invoice) => dateTime(invoice.createdAt) },
              { title: 'Customer', key: 'customer', render: (_, invoice) => (invoice.customer ? customerName(invoice.customer) : 'Walk-in') },
              { title: 'Location', key: 'location', render: (_, invoice) => locationName(locations, invoice.locationID) },
              { title: 'Paid', key: 'paid', align: 'right', render: (_, invoice) => money(invoice.paidAmount) },
              { title: 'Outstanding', key: 'outstanding', align: 'right', render: (_, invoice) => money(invoice.outstanding) },
            ]}
          />
        )}
      </DatedQueryState>
      {invoiceId && (
        <InvoiceDrawer
          invoiceId={invoiceId}
          locations={locations}
          writes={writes}
          money={money}
          onPrint={printer.print}
          onPrintCreditNote={printer.printCreditNote}
          onClose={() => navigate({ pathname: `${base}/invoices`, search: query })}
        />
      )}
      {printer.sheet}
    </Page>
  );
}
