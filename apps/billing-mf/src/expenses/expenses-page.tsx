import { Button, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { datedExpensesQueryOptions } from '@stockbook/api-client';
import type { Expense } from '@stockbook/contracts';
import { EXPENSE_CATEGORIES, type ExpenseCategory } from '@stockbook/domain';
import { useAddressAction } from '@stockbook/ui';
import { DatedQueryState, NotAllowed, Page, RowActions, useCalendar, useCan, useMoney, useNotify } from '@stockbook/ui/antd';
import { downloadRangeCsv, rangeCovers, useCsvFormat } from '../common/csv-export';
import { useRowsPrinter } from '../common/rows-print';
import { DatedFiltersBar, useDatedFilters, WordFilter } from '../common/dated-filters';
import { locationName, useActionLocations } from '../common/sale-locations';
import { customerName } from '../customers/customer-form-modal';
import { CancelledTag, expenseName, useExpenseActions } from './expense-parts';
import { expensesCsvRows } from './expenses-csv';
import { ExpenseFormModal } from './expense-form-modal';
import { useExpenseWrites } from './use-expense-writes';

/**
 * The expenses: by date (today to start with, section 9), at a location (the working location to
 * start with) or all, of one category or all; cancelled ones stay listed, tagged; Add expense,
 * Cancel and Delete where the user may. `expenses/:expenseId` (a view-redirect link) marks its row.
 */
export function ExpensesPage() {
  const { date: dateOnly } = useCalendar();
  const can = useCan();
  const money = useMoney();
  const notify = useNotify();
  const { expenseId } = useParams();
  const filters = useDatedFilters('view:expense');
  const adding = useActionLocations('create:expense');
  const [category, setCategory] = useState<ExpenseCategory | undefined>(undefined);
  const [creating, setCreating] = useState(false);
  // The command palette's Add expense opens the form (`?do=add-expense`).
  useAddressAction(adding.locations.length > 0 ? { 'add-expense': () => setCreating(true) } : {});
  const list = useQuery({ ...datedExpensesQueryOptions(filters.query), enabled: can('view:expense'), placeholderData: (previous) => previous });
  const writes = useExpenseWrites();
  const actions = useExpenseActions(writes);
  const csvFormat = useCsvFormat();
  const printer = useRowsPrinter();

  if (!can('view:expense')) {
    return (
      <Page remote="billing" title="Expenses">
        <NotAllowed>You can't see expenses. Ask an administrator for access.</NotAllowed>
      </Page>
    );
  }

  // What the table shows: its dates, location and category (issue 22, rule 8).
  const shown = list.data && category ? list.data.filter((expense) => expense.category === category) : list.data;
  const rowsOf = () => shown && csvFormat && expensesCsvRows(shown, { ...csvFormat, location: (id) => locationName(filters.locations, id) });
  const exportCsv = () => {
    const rows = rowsOf();
    if (rows) downloadRangeCsv('expenses', filters.range, rows);
  };
  const print = () => {
    const rows = rowsOf();
    if (rows) printer.print({ title: 'Expenses', covers: rangeCovers(filters.range, filters.location && locationName(filters.locations, filters.location)), rows });
  };
  return (
    <Page remote="billing" title="Expenses">
      <DatedFiltersBar filters={filters} idPrefix="expenses">
        <WordFilter label="Category" all="All categories" words={EXPENSE_CATEGORIES} value={category} onChange={setCategory} />
        <Button disabled={!shown || list.isPlaceholderData || !csvFormat} onClick={exportCsv}>
          Download CSV
        </Button>
        <Button disabled={!shown || list.isPlaceholderData || !csvFormat} onClick={print}>
          Print
        </Button>
        {printer.sheet}
        {adding.locations.length > 0 && (
          <Button type="primary" onClick={() => setCreating(true)}>
            Add expense
          </Button>
        )}
      </DatedFiltersBar>
      <DatedQueryState query={list} what="the expenses" call="GET user/expense">
        {(all) => {
          const expenses = category ? all.filter((expense) => expense.category === category) : all;
          const anyActions = expenses.some((expense) => actions(expense).length > 0);
          return (
            <Table<Expense>
              rowKey="_id"
              dataSource={expenses}
              size="middle"
              loading={list.isFetching && list.isPlaceholderData}
              scroll={{ x: 'max-content' }}
              pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
              onRow={(expense) => (expense._id === expenseId ? { 'aria-current': 'true', className: 'ant-table-row-selected' } : {})}
              locale={{ emptyText: category ? `No ${category} expenses in these dates.` : 'No expenses in these dates.' }}
              columns={[
                { title: 'Date', key: 'date', render: (_, expense) => <span style={{ whiteSpace: 'nowrap' }}>{dateOnly(expense.date)}</span> },
                { title: 'Category', key: 'category', render: (_, expense) => expense.category },
                { title: 'Amount', key: 'amount', align: 'right', render: (_, expense) => <span style={{ whiteSpace: 'nowrap' }}>{money(expense.amount)}</span> },
                { title: 'Description', key: 'description', render: (_, expense) => expense.description || '—' },
                { title: 'Location', key: 'location', render: (_, expense) => locationName(filters.locations, expense.locationID) },
                { title: 'Recorded by', key: 'user', render: (_, expense) => <span style={{ whiteSpace: 'nowrap' }}>{customerName(expense.user)}</span> },
                { title: 'Status', key: 'status', render: (_, expense) => (expense.cancelled ? <CancelledTag /> : 'Active') },
                ...(anyActions
                  ? [{ title: 'Actions', key: 'actions', render: (_: unknown, expense: Expense) => <RowActions subject={`expense ${expenseName(expense, dateOnly)}`} actions={actions(expense)} /> }]
                  : []),
              ]}
            />
          );
        }}
      </DatedQueryState>
      {creating && (
        <ExpenseFormModal
          locations={adding.locations}
          working={adding.working}
          writes={writes}
          onClose={() => setCreating(false)}
          onSaved={(expense) => {
            setCreating(false);
            notify({ kind: 'success', title: `Expense ${expenseName(expense, dateOnly)} added`, description: `${money(expense.amount)} paid out of ${locationName(adding.locations, expense.locationID)}.` });
          }}
        />
      )}
    </Page>
  );
}
