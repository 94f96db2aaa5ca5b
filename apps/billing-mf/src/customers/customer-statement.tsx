import { Button, DatePicker, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import type { CustomerStatement, CustomerStatementEntry } from '@stockbook/contracts';
import { ScrollRegion, useCalendar } from '@stockbook/ui/antd';
import { downloadCsv } from '@stockbook/ui/csv';
import { useCsvFormat } from '../common/csv-export';
import { statementCsvRows, statementEntryText, statementFileName } from './customer-statement-csv';
import { signedMoney, useStatementPrinter } from './statement-print';

/** A statement's days as the picker holds them (whole days of the business's calendar). */
export type StatementRange = [Dayjs, Dayjs];

/** The range a customer's statement starts with: the last 3 months to today. */
export const defaultStatementRange = (today: Dayjs): StatementRange => [today.subtract(3, 'month'), today];

const PRESETS: readonly { label: string; range: (today: Dayjs) => StatementRange }[] = [
  { label: 'This month', range: (today) => [today.startOf('month'), today] },
  { label: 'Last 3 months', range: defaultStatementRange },
  { label: 'This year', range: (today) => [today.startOf('year'), today] },
  { label: 'Last 12 months', range: (today) => [today.subtract(12, 'month'), today] },
];

/** What they owed when the statement opens or closes. */
function Balance({ label, amount, testId }: { label: string; amount: string; testId: string }) {
  return (
    <p data-testid={testId} style={{ margin: 0 }}>
      {label}: <strong style={{ whiteSpace: 'nowrap' }}>{amount}</strong>
    </p>
  );
}

/**
 * A customer's statement for a range of days (issue 22, rule 8): what they owed when it opens, each
 * invoice, payment, credit note, money paid back and cancellation in it with what they owed after,
 * what they owe when it closes; printed, or downloaded as CSV for an accountant.
 */
export function StatementPart({
  statement,
  range,
  onRange,
  loading,
  money,
}: {
  statement: CustomerStatement;
  range: StatementRange;
  onRange(range: StatementRange): void;
  /** A new range's statement is on its way (the last one stays shown meanwhile). */
  loading: boolean;
  money(amount: string): string;
}) {
  const calendar = useCalendar();
  const format = useCsvFormat();
  const printer = useStatementPrinter(statement, money);
  const opening = statement.startDate ? calendar.date(statement.startDate) : 'their first purchase';
  return (
    <section aria-label="Statement" aria-busy={loading} data-testid="customer-statement">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, marginBottom: 16 }}>
        <DatePicker.RangePicker
          aria-label="Statement dates"
          id={{ start: 'statement-from', end: 'statement-to' }}
          format={calendar.dateFormat}
          allowClear={false}
          value={range}
          presets={PRESETS.map((preset) => ({ label: preset.label, value: () => preset.range(calendar.today()) }))}
          onChange={(dates) => onRange(dates && dates[0] && dates[1] ? [dates[0], dates[1]] : defaultStatementRange(calendar.today()))}
        />
        <Button disabled={loading} onClick={printer.print}>
          Print statement
        </Button>
        <Button disabled={loading || !format} onClick={() => format && downloadCsv(statementFileName(statement, format.timeZone), statementCsvRows(statement, format))}>
          Download CSV
        </Button>
      </div>
      <Balance testId="statement-opening" label={`Opening balance on ${opening}`} amount={money(statement.openingBalance)} />
      <ScrollRegion label="Statement entries">
        <Table<CustomerStatementEntry>
          rowKey={(entry) => `${entry.kind}:${entry.invoiceID}:${entry.creditNoteNumber ?? ''}:${entry.date}`}
          size="small"
          aria-label="Statement"
          dataSource={statement.entries}
          loading={loading}
          style={{ margin: '12px 0' }}
          pagination={statement.entries.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          locale={{ emptyText: 'Nothing was bought, paid or refunded in these dates.' }}
          columns={[
            { title: 'Date', key: 'date', render: (_, entry) => <span style={{ whiteSpace: 'nowrap' }}>{calendar.date(entry.date)}</span> },
            { title: 'What', key: 'what', render: (_, entry) => statementEntryText(entry) },
            { title: 'Amount', key: 'amount', align: 'right', render: (_, entry) => <span style={{ whiteSpace: 'nowrap' }}>{signedMoney(money, entry.amount)}</span> },
            { title: 'Balance', key: 'balance', align: 'right', render: (_, entry) => <span style={{ whiteSpace: 'nowrap' }}>{money(entry.balance)}</span> },
          ]}
        />
      </ScrollRegion>
      <Balance testId="statement-closing" label={`Closing balance on ${calendar.date(statement.endDate)}`} amount={money(statement.closingBalance)} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        The balance is what they owe after each entry: an invoice adds to it; a payment, a credit note or a cancellation takes from it; money paid back to them adds to it again.
      </Typography.Paragraph>
      {printer.sheet}
    </section>
  );
}
