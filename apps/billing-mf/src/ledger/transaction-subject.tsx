import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { expenseQueryOptions, invoiceQueryOptions } from '@stockbook/api-client';
import type { Transaction } from '@stockbook/contracts';
import { useCan } from '@stockbook/ui/antd';

/** "Invoice #12", a link to its drawer; the number once the invoice is loaded (with view:invoice), "Invoice" before. */
function InvoiceRef({ base, id }: { base: string; id: string }) {
  const can = useCan();
  const invoice = useQuery({ ...invoiceQueryOptions(id), enabled: can('view:invoice'), staleTime: 60_000 });
  const name = invoice.data ? `Invoice #${invoice.data.invoiceNumber}` : 'Invoice';
  return <Link to={`${base}/invoices/${encodeURIComponent(id)}`}>{name}</Link>;
}

/** "Expense: Rent (November)" once the expense is loaded (with view:expense), "Expense" before. */
function ExpenseRef({ id }: { id: string }) {
  const can = useCan();
  const expense = useQuery({ ...expenseQueryOptions(id), enabled: can('view:expense'), staleTime: 60_000 });
  if (!expense.data) return <>Expense</>;
  const { category, description } = expense.data;
  return (
    <>
      Expense: {category}
      {description ? ` (${description})` : ''}
    </>
  );
}

/** What a transaction belongs to: its invoice (linked), expense, transfer (linked), or the capital or withdrawal itself; a reversal says so. */
export function TransactionSubject({ base, transaction }: { base: string; transaction: Transaction }) {
  const subject = transaction.invoiceID ? (
    <InvoiceRef base={base} id={transaction.invoiceID} />
  ) : transaction.expenseID ? (
    <ExpenseRef id={transaction.expenseID} />
  ) : transaction.transferID ? (
    <Link to={`${base}/transfers/${encodeURIComponent(transaction.transferID)}`}>Transfer</Link>
  ) : transaction.description ? (
    `${transaction.transactionType}: ${transaction.description}`
  ) : (
    transaction.transactionType
  );
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {subject}
      {transaction.reversesID ? ' · reversal' : ''}
    </span>
  );
}
