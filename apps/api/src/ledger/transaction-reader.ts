import type { EntityManager } from 'typeorm';
import type { LocationBalance, Transaction } from '@stockbook/contracts';
import type { ReceivingMethod, TransactionType } from '@stockbook/domain';

interface TransactionRow {
  id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  invoice_id: string | null;
  expense_id: string | null;
  transfer_id: string | null;
  reverses_id: string | null;
  location_id: string;
  transaction_type: TransactionType;
  payment_method: ReceivingMethod | null;
  description: string | null;
  amount: string;
  balance: string;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  deleted_by: string | null;
}

/** Transactions of a business, newest first: `where` adds clauses over `t` with parameters from $2. */
export async function readTransactions(manager: EntityManager, businessId: string, where: string, params: unknown[], tail = ''): Promise<Transaction[]> {
  const rows = (await manager.query(
    `SELECT t.id, t.user_id, u.first_name, u.last_name, t.invoice_id, t.expense_id, t.transfer_id, t.reverses_id, t.location_id, t.transaction_type, t.payment_method, t.description,
            t.amount::text, t.balance::text, t.created_at, t.updated_at, t.deleted_at, t.deleted_by
       FROM transactions t JOIN users u ON u.id = t.user_id
      WHERE t.business_id = $1 ${where}
      ORDER BY t.created_at DESC, t.id DESC ${tail}`,
    [businessId, ...params],
  )) as TransactionRow[];
  return rows.map((row) => ({
    _id: row.id,
    user: { _id: row.user_id, firstName: row.first_name, lastName: row.last_name },
    invoiceID: row.invoice_id,
    expenseID: row.expense_id,
    transferID: row.transfer_id,
    reversesID: row.reverses_id,
    locationID: row.location_id,
    transactionType: row.transaction_type,
    paymentMethod: row.payment_method,
    description: row.description,
    amount: row.amount,
    balance: row.balance,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    deletedAt: row.deleted_at ? row.deleted_at.toISOString() : null,
    deletedBy: row.deleted_by,
  }));
}

/** The balances of the business's locations in `scope` (null: all), by name. */
export async function readBalances(manager: EntityManager, businessId: string, scope: readonly string[] | null): Promise<LocationBalance[]> {
  return (await manager.query(
    `SELECT id AS "locationID", current_balance::text AS "currentBalance", credit_balance::text AS "creditBalance"
       FROM locations WHERE business_id = $1 AND ($2::uuid[] IS NULL OR id = ANY($2::uuid[])) ORDER BY name, id`,
    [businessId, scope],
  )) as LocationBalance[];
}
