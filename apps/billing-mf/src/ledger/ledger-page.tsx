import Big from 'big.js';
import { Button, Table } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { businessQueryOptions, datedTransactionsQueryOptions, locationsQueryOptions } from '@stockbook/api-client';
import { TILL_MONEY, type LocationBalance, type MoneyMovementResponse, type TillMoney, type Transaction } from '@stockbook/contracts';
import { moneyText, PAYMENT_METHOD_LABELS, tillDifferenceShown, TRANSACTION_TYPES, type CurrencyCode, type TransactionType } from '@stockbook/domain';
import { DatedQueryState, errorMessage, NotAllowed, Page, useCalendar, useCan, useCurrentUser, useMoney, useNotify } from '@stockbook/ui/antd';
import { AmountsList } from '../common/amounts-list';
import { downloadRangeCsv, rangeCovers, useCsvFormat } from '../common/csv-export';
import { useRowsPrinter } from '../common/rows-print';
import { DatedFiltersBar, useDatedFilters, WordFilter } from '../common/dated-filters';
import { locationName } from '../common/sale-locations';
import { customerName } from '../customers/customer-form-modal';
import { MoneyMovementModal, type MovementKind } from './money-movement-modal';
import { TillCountModal } from './till-count-modal';
import { TillCounts } from './till-counts';
import { loadTransactionDocuments } from './transaction-documents';
import { TransactionSubject } from './transaction-subject';
import { paymentsCsvRows, transactionsCsvRows } from './transactions-csv';
import { useMoneyMovements } from './use-money-movements';

/** The money filter's words: a till counts its cash apart from the rest. */
const MONEY_LABELS: Readonly<Record<TillMoney, string>> = { cash: 'Cash only', other: 'All but cash' };

/** A signed amount: "+£5.00" received, "-£5.00" paid out. */
export const signed = (money: (amount: string) => string, amount: string) => (amount.startsWith('-') || !/[1-9]/.test(amount) ? money(amount) : `+${money(amount)}`);

/** The location's money now, above the ledger: its current balance (Σ its transactions) and the credit owed to it. */
function Balances({ balances, names, money }: { balances: readonly LocationBalance[]; names: (id: string) => string; money(amount: string): string }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: '12px 48px', marginBottom: 16 }}>
      {balances.map((balance) => (
        <section key={balance.locationID} aria-label={`Balances of ${names(balance.locationID)}`}>
          {balances.length > 1 && <strong>{names(balance.locationID)}</strong>}
          <AmountsList
            testId={`ledger-balances-${balance.locationID}`}
            money={money}
            rows={[
              ['Current balance', balance.currentBalance],
              ['Outstanding credit', balance.creditBalance],
            ]}
          />
        </section>
      ))}
    </div>
  );
}

/**
 * The money book: transactions by date (today to start with, section 9) at a location (the working
 * location to start with) or all, of one type or all, newest first in pages of 20, each with the
 * location's running balance after it and what it belongs to; the location's current balance and
 * outstanding credit above; with a money filter (Cash only: the till), the net of what is listed.
 * Administrators (root users and user admins) add capital and withdraw here.
 * `transactions/:transactionId` (a view-redirect link) marks its row.
 */
export function LedgerPage({ base }: { base: string }) {
  const { dateTime } = useCalendar();
  const can = useCan();
  const money = useMoney();
  const notify = useNotify();
  const { isAdmin } = useCurrentUser();
  const { transactionId } = useParams();
  const filters = useDatedFilters('view:transaction');
  const visible = useQuery(locationsQueryOptions()).data ?? [];
  const [type, setType] = useState<TransactionType | undefined>(undefined);
  const [tillMoney, setTillMoney] = useState<TillMoney | undefined>(undefined);
  const [moving, setMoving] = useState<MovementKind | null>(null);
  const [counting, setCounting] = useState(false);
  const currency = (useQuery(businessQueryOptions()).data?.currency ?? 'USD') as CurrencyCode;
  const list = useQuery({ ...datedTransactionsQueryOptions({ ...filters.query, type, money: tillMoney }), enabled: can('view:transaction'), placeholderData: (previous) => previous });
  const movements = useMoneyMovements();
  const queryClient = useQueryClient();
  const csvFormat = useCsvFormat();
  const printer = useRowsPrinter();
  const [exporting, setExporting] = useState<'transactions' | 'payments' | null>(null);

  if (!can('view:transaction')) {
    return (
      <Page remote="billing" title="Transactions">
        <NotAllowed>You can't see transactions. Ask an administrator for access.</NotAllowed>
      </Page>
    );
  }

  const names = (id: string) => locationName(visible, id) || 'Another location';
  const saved = (kind: MovementKind) => ({ transaction, balance }: MoneyMovementResponse) => {
    setMoving(null);
    notify({
      kind: 'success',
      title: kind === 'capital' ? `Capital of ${money(transaction.amount)} added` : `Withdrawal of ${money(transaction.amount.replace(/^-/, ''))} made`,
      description: `${names(transaction.locationID)} now holds ${money(balance.currentBalance)}.`,
    });
  };
  // The file holds what the table shows (its dates, location, type and money filters), oldest first,
  // each row named as the For column names it (issue 22, rule 8).
  const exportCsv = async (what: 'transactions' | 'payments', how: 'download' | 'print' = 'download') => {
    if (!list.data || !csvFormat) return;
    setExporting(what);
    try {
      const { transactions } = list.data;
      const documents = await loadTransactionDocuments(queryClient, transactions, filters.query, { invoices: can('view:invoice'), expenses: what === 'transactions' && can('view:expense') });
      const context = { ...csvFormat, location: names, documents };
      const rows = what === 'transactions' ? transactionsCsvRows(transactions, { ...context, withBalance: Boolean(filters.location) }) : paymentsCsvRows(transactions, context);
      if (how === 'print') printer.print({ title: what === 'transactions' ? 'Transactions' : 'Payments', covers: rangeCovers(filters.range, filters.location && names(filters.location)), rows });
      else downloadRangeCsv(what, filters.range, rows);
    } catch (error) {
      notify({ kind: 'error', title: `Could not export the ${what}`, description: errorMessage(error) });
    } finally {
      setExporting(null);
    }
  };
  const exportReady = Boolean(list.data && !list.isPlaceholderData && csvFormat);
  return (
    <Page remote="billing" title="Transactions">
      <DatedFiltersBar filters={filters} idPrefix="transactions">
        <WordFilter label="Type" all="All types" words={TRANSACTION_TYPES} value={type} onChange={setType} />
        <WordFilter label="Money" all="All money" words={TILL_MONEY} labels={MONEY_LABELS} value={tillMoney} onChange={setTillMoney} />
        <Button disabled={!exportReady} loading={exporting === 'transactions'} onClick={() => void exportCsv('transactions')}>
          Download CSV
        </Button>
        <Button disabled={!exportReady} loading={exporting === 'payments'} onClick={() => void exportCsv('payments')}>
          Download payments CSV
        </Button>
        <Button disabled={!exportReady} onClick={() => void exportCsv('transactions', 'print')}>
          Print
        </Button>
        {printer.sheet}
        {can('count:till') && <Button onClick={() => setCounting(true)}>Count the till</Button>}
        {isAdmin && (
          <>
            <Button onClick={() => setMoving('capital')}>Add capital</Button>
            <Button onClick={() => setMoving('withdrawal')}>Withdraw</Button>
          </>
        )}
      </DatedFiltersBar>
      <DatedQueryState query={list} what="the transactions" call="GET user/transaction/dated">
        {({ transactions, balances }) => (
          <>
            <Balances balances={filters.location ? balances.filter((one) => one.locationID === filters.location) : balances} names={names} money={money} />
            {tillMoney && (
              <p data-testid="ledger-money-net">
                {tillMoney === 'cash' ? 'Cash in and out in these dates' : 'All but cash in these dates'}:{' '}
                <strong>{signed(money, moneyText(transactions.reduce((sum, row) => sum.plus(row.amount), new Big(0))))}</strong>
              </p>
            )}
            <Table<Transaction>
              rowKey="_id"
              aria-label="Transactions"
              dataSource={transactions}
              size="middle"
              loading={list.isFetching && list.isPlaceholderData}
              scroll={{ x: 'max-content' }}
              pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
              onRow={(row) => (row._id === transactionId ? { 'aria-current': 'true', className: 'ant-table-row-selected' } : {})}
              locale={{ emptyText: type ? `No ${type} transactions in these dates.` : 'No transactions in these dates.' }}
              columns={[
                { title: 'Time', key: 'time', render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{dateTime(row.createdAt)}</span> },
                { title: 'Type', key: 'type', render: (_, row) => row.transactionType },
                { title: 'Method', key: 'method', render: (_, row) => (row.paymentMethod ? PAYMENT_METHOD_LABELS[row.paymentMethod] : '—') },
                { title: 'Amount', key: 'amount', align: 'right', render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{signed(money, row.amount)}</span> },
                // A running balance is one location's: with All locations each row would jump between locations' balances.
                ...(filters.location
                  ? [{ title: 'Balance after', key: 'balance', align: 'right' as const, render: (_: unknown, row: Transaction) => <span style={{ whiteSpace: 'nowrap' }}>{money(row.balance)}</span> }]
                  : []),
                { title: 'For', key: 'for', render: (_, row) => <TransactionSubject base={base} transaction={row} /> },
                ...(filters.location ? [] : [{ title: 'Location', key: 'location', render: (_: unknown, row: Transaction) => names(row.locationID) }]),
                { title: 'By', key: 'by', render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{customerName(row.user)}</span> },
              ]}
            />
          </>
        )}
      </DatedQueryState>
      {filters.location && (can('count:till', filters.location) || can('view:transaction', filters.location)) && (
        <TillCounts locationId={filters.location} locationName={names(filters.location)} currency={currency} money={money} />
      )}
      {counting && (
        <TillCountModal
          locations={visible.filter((one) => can('count:till', one._id))}
          starting={filters.location ?? filters.working}
          currency={currency}
          money={money}
          movements={movements}
          onClose={() => setCounting(false)}
          onSaved={({ count }) => {
            setCounting(false);
            notify({ kind: 'success', title: `Till counted at ${names(count.locationID)}`, description: `${money(count.counted)} counted: ${tillDifferenceShown(count.difference, currency).toLowerCase()}.` });
          }}
        />
      )}
      {moving && (
        <MoneyMovementModal
          kind={moving}
          locations={visible}
          starting={filters.location ?? filters.working}
          movements={movements}
          onClose={() => setMoving(null)}
          onSaved={saved(moving)}
        />
      )}
    </Page>
  );
}
