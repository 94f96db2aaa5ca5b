import type { EntityManager } from 'typeorm';
import { AppError } from '../common/errors/app-error';

/**
 * An item's or variant's own tax choice (issue 21, rule 2): a rate of the business, exempt, or
 * neither (a variant then takes its item's, an item its selling location's default rate).
 */

/** A rate id a request names is the business's (404 on its field otherwise; another business's looks like none). */
export async function assertTaxRate(manager: EntityManager, businessId: string, taxRateId: string | null | undefined, field = 'taxRateID'): Promise<void> {
  if (!taxRateId) return;
  const found = (await manager.query(`SELECT 1 FROM tax_rates WHERE id = $1 AND business_id = $2`, [taxRateId, businessId])) as unknown[];
  if (found.length === 0) throw new AppError('NOT_FOUND', 'No such tax rate in your business.', { [field]: ['No such tax rate in your business.'] });
}

/**
 * Sets the choice an update names. A rate clears exempt and exempt clears the rate; `taxRateID: null`
 * or `taxExempt: false` alone clears that one (the choice falls back to the item's or location's).
 */
export async function setTaxChoice(manager: EntityManager, businessId: string, id: string, input: { taxRateID?: string | null; taxExempt?: boolean }): Promise<void> {
  if (input.taxRateID === undefined && input.taxExempt === undefined) return;
  await assertTaxRate(manager, businessId, input.taxRateID);
  const rate = input.taxRateID !== undefined ? input.taxRateID : input.taxExempt ? null : undefined;
  const exempt = input.taxExempt !== undefined ? input.taxExempt : input.taxRateID ? false : undefined;
  await manager.query(
    `UPDATE items SET tax_rate_id = CASE WHEN $2 THEN $3::uuid ELSE tax_rate_id END, tax_exempt = CASE WHEN $4 THEN $5::boolean ELSE tax_exempt END, updated_at = now()
      WHERE id = $1`,
    [id, rate !== undefined, rate ?? null, exempt !== undefined, exempt ?? false],
  );
}
