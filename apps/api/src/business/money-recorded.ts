import type { EntityManager } from 'typeorm';

/**
 * Every record that holds an amount in the business's currency, as one `EXISTS` query each
 * (`$1` is the business). Once any exists, the currency is fixed: changing it would re-label
 * amounts that were entered in another. Sales, payments, expenses and the ledger add their
 * tables here when they land.
 */
export const MONEY_RECORDS: readonly string[] = [
  // A batch's cost, live or deleted (deleted batches still back the activity and past figures).
  `SELECT 1 FROM batches WHERE business_id = $1 AND cost <> 0`,
  `SELECT 1 FROM suppliers WHERE business_id = $1 AND (current_balance <> 0 OR credit_balance <> 0)`,
  // Any invoice (its prices and payments), cancelled or not, and any transaction of the money book.
  `SELECT 1 FROM invoices WHERE business_id = $1`,
  `SELECT 1 FROM transactions WHERE business_id = $1`,
];

/** Whether the business has recorded any amount yet. */
export async function moneyRecorded(manager: EntityManager, businessId: string): Promise<boolean> {
  const [{ recorded }] = (await manager.query(
    `SELECT ${MONEY_RECORDS.map((query) => `EXISTS (${query})`).join(' OR ')} AS recorded`,
    [businessId],
  )) as { recorded: boolean }[];
  return recorded;
}
