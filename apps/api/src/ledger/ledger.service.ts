import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { postToLedger, type LedgerMovement, type LedgerPosting, type LocationBalances } from '@stockbook/domain';

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
  /** Posts `movements` at the entry's location; answers the posting and the ids of the transactions written, in order. */
  async post(manager: EntityManager, entry: LedgerEntry, movements: readonly LedgerMovement[]): Promise<LedgerPosting & { readonly ids: string[] }> {
    const location = await this.lockBalances(manager, entry.businessId, entry.locationId);
    const posting = postToLedger(location, movements);
    let ids: string[] = [];
    if (posting.transactions.length > 0) {
      const inserted = (await manager.query(
        `INSERT INTO transactions (business_id, location_id, user_id, invoice_id, expense_id, transfer_id, transaction_type, amount, balance, reverses_id, payment_method, description)
         SELECT $1, $2, $3, $4, $5, $6, t.type, t.amount, t.balance, t.reverses, t.method, $12
           FROM unnest($7::text[], $8::numeric[], $9::numeric[], $10::uuid[], $11::text[]) WITH ORDINALITY AS t(type, amount, balance, reverses, method, ord) ORDER BY t.ord RETURNING id`,
        [
          entry.businessId,
          entry.locationId,
          entry.userId,
          entry.invoiceId ?? null,
          entry.expenseId ?? null,
          entry.transferId ?? null,
          posting.transactions.map((t) => t.transactionType),
          posting.transactions.map((t) => t.amount),
          posting.transactions.map((t) => t.balance),
          posting.transactions.map((t) => t.reverses ?? null),
          posting.transactions.map((t) => t.paymentMethod ?? null),
          entry.description || null,
        ],
      )) as { id: string }[];
      ids = inserted.map((row) => row.id);
    }
    await manager.query(`UPDATE locations SET current_balance = $2, credit_balance = $3 WHERE id = $1`, [entry.locationId, posting.currentBalance, posting.creditBalance]);
    return { ...posting, ids };
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
