import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { preparedQuery } from '../common/database/prepared-query';
import Big from 'big.js';
import { moneyText, postToLedger, type LedgerMovement, type LedgerPosting, type LocationBalances } from '@stockbook/domain';

/** What a posting belongs to: the transactions it writes name it. */
export interface LedgerEntry {
  businessId: string;
  userId: string;
  locationId: string;
  invoiceId?: string | null;
  expenseId?: string | null;
  transferId?: string | null;
  /** A note the person wrote (capital, withdrawal), kept on each transaction written. */
  description?: string | null;
}

/**
 * A posting as statement parts, for LedgerService.post and for a caller that sends it inside a
 * statement of its own (a sale: with its number and activity entry, one round trip under the
 * location's lock). `ctes` are the CTEs `place` (the location's row, locked and moved; `start`
 * is the balance before) and `written` (the transactions), on parameters $1 to $14 in `params`:
 * $1 business, $2 location, $3 user, $4 invoice, $5 expense, $6 transfer. The domain plans from a
 * zero start, so each transaction's balance is the start plus its offset.
 */
export function ledgerPosting(entry: LedgerEntry, movements: readonly LedgerMovement[]) {
  const offsets = postToLedger({ currentBalance: '0', creditBalance: '0' }, movements);
  const transactions = offsets.transactions;
  return {
    transactions,
    ctes: `place AS (
         UPDATE locations SET current_balance = current_balance + $7::numeric, credit_balance = credit_balance + $8::numeric
          WHERE id = $2 AND business_id = $1
          RETURNING current_balance - $7::numeric AS start, current_balance, credit_balance),
       written AS (
         INSERT INTO transactions (business_id, location_id, user_id, invoice_id, expense_id, transfer_id, transaction_type, amount, balance, reverses_id, payment_method, description)
         SELECT $1, $2, $3, $4, $5, $6, t.type, t.amount, place.start + t.shift, t.reverses, t.method, $14
           FROM place CROSS JOIN unnest($9::text[], $10::numeric[], $11::numeric[], $12::uuid[], $13::text[]) WITH ORDINALITY AS t(type, amount, shift, reverses, method, ord)
          ORDER BY t.ord RETURNING id)`,
    params: [
      entry.businessId,
      entry.locationId,
      entry.userId,
      entry.invoiceId ?? null,
      entry.expenseId ?? null,
      entry.transferId ?? null,
      offsets.currentBalance,
      offsets.creditBalance,
      transactions.map((t) => t.transactionType),
      transactions.map((t) => t.amount),
      transactions.map((t) => t.balance),
      transactions.map((t) => t.reverses ?? null),
      transactions.map((t) => t.paymentMethod ?? null),
      entry.description || null,
    ] as unknown[],
  };
}

/**
 * The one way money moves: a location's transactions (append-only) and its current and credit
 * balances, written under the location's row lock inside the caller's transaction. The domain's
 * postToLedger gives the transactions and the new balances from the movements a sale, payment,
 * refund, cancellation, expense, capital, withdrawal or transfer cost planned. Two postings to one
 * location never read the same previous balance: the second waits on the first's row lock. Callers lock batches before the location, always. The lock is
 * FOR NO KEY UPDATE (what updating the balances takes): it orders postings to one location but
 * not the key-share locks of rows that reference the location (a sale's invoice, its
 * transactions), so two sales that inserted their invoices cannot deadlock over it.
 */
@Injectable()
export class LedgerService {
  /**
   * Posts `movements` at the entry's location; answers the posting and the ids of the transactions
   * written, in order. One statement (issue 25, rule 1): the domain plans the posting from a zero
   * start (each transaction's balance is then its offset from the location's balance), and the
   * statement that takes the location's row lock moves the balances and writes the transactions
   * at the start it found. So the lock is taken by the posting's only round trip, and a caller that
   * posts last holds it from there to its COMMIT alone.
   */
  async post(manager: EntityManager, entry: LedgerEntry, movements: readonly LedgerMovement[]): Promise<LedgerPosting & { readonly ids: string[] }> {
    const posting = ledgerPosting(entry, movements);
    const [row] = (await preparedQuery(
      manager,
      'ledger-post',
      `WITH ${posting.ctes}
       SELECT place.start::text AS start, place.current_balance::text AS "currentBalance", place.credit_balance::text AS "creditBalance",
              ARRAY(SELECT id FROM written)::text[] AS ids
         FROM place`,
      posting.params,
    )) as { start: string; currentBalance: string; creditBalance: string; ids: string[] }[];
    if (!row) throw new Error(`ledger: no location ${entry.locationId}`);
    return {
      currentBalance: moneyText(row.currentBalance),
      creditBalance: moneyText(row.creditBalance),
      transactions: posting.transactions.map((t) => ({ ...t, balance: moneyText(new Big(row.start).plus(t.balance)) })),
      ids: row.ids,
    };
  }

  /**
   * The location's balances under its row lock (held until the caller's transaction ends), for a
   * rule that decides on them before posting (a withdrawal up to the balance): no posting can move
   * them between the check and the post.
   */
  async lockBalances(manager: EntityManager, businessId: string, locationId: string): Promise<LocationBalances> {
    const [location] = (await manager.query(
      `SELECT current_balance::text AS "currentBalance", credit_balance::text AS "creditBalance" FROM locations WHERE id = $1 AND business_id = $2 FOR NO KEY UPDATE`,
      [locationId, businessId],
    )) as LocationBalances[];
    if (!location) throw new Error(`ledger: no location ${locationId}`);
    return location;
  }
}
