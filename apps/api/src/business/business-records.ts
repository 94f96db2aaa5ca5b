import type { EntityManager } from 'typeorm';
import { todayBounds, type BusinessValuationMethod, type CurrencyCode } from '@stockbook/domain';
import type { CheckedLocation } from '../auth/assert-can';
import { preparedQuery } from '../common/database/prepared-query';
import { AppError } from '../common/errors/app-error';

/**
 * What every service that sells, moves stock or money reads of the caller's business, in one place:
 * a location the request names (another business's is a 404 on the request's field), the business's
 * currency and valuation method, and a dated list's default range.
 */

/** A location of the business as the checks need it: its id and name, and whether it sells. */
export interface LocationRecord extends CheckedLocation {
  readonly canSell: boolean;
  /** Its default tax rate (issue 21), or null. */
  readonly taxRateId: string | null;
}

/** A LocationRecord's columns, read from `locations`. */
export const LOCATION_RECORD = 'id, name, can_sell AS "canSell", tax_rate_id AS "taxRateId"';
/** StockSettings' columns, read from `businesses`. */
export const STOCK_SETTINGS = 'currency, inventory_valuation_method AS method, prices_include_tax AS "pricesIncludeTax"';

export async function locationOf(manager: EntityManager, businessId: string, id: string, field = 'locationID'): Promise<LocationRecord> {
  const [row] = (await preparedQuery(manager, 'location-of', `SELECT ${LOCATION_RECORD} FROM locations WHERE id = $1 AND business_id = $2`, [id, businessId])) as LocationRecord[];
  if (!row) throw new AppError('NOT_FOUND', 'No such location in your business.', { [field]: ['No such location in your business.'] });
  return row;
}

export interface StockSettings {
  readonly currency: CurrencyCode;
  readonly method: BusinessValuationMethod;
  /** Whether prices include tax (tax.ts). */
  readonly pricesIncludeTax: boolean;
}

/** The business's currency and inventory valuation method. */
export async function stockSettings(manager: EntityManager, businessId: string): Promise<StockSettings> {
  const [row] = (await preparedQuery(manager, 'stock-settings', `SELECT ${STOCK_SETTINGS} FROM businesses WHERE id = $1`, [businessId])) as StockSettings[];
  return { currency: row!.currency, method: row!.method, pricesIncludeTax: row!.pricesIncludeTax };
}

export async function currencyOf(manager: EntityManager, businessId: string): Promise<CurrencyCode> {
  return (await stockSettings(manager, businessId)).currency;
}

/** The business's time zone (IANA name): its days are the calendar days there (issue 22, rule 4). */
export async function timeZoneOf(manager: EntityManager, businessId: string): Promise<string> {
  const [row] = (await manager.query(`SELECT time_zone FROM businesses WHERE id = $1`, [businessId])) as { time_zone: string }[];
  return row?.time_zone ?? 'UTC';
}

/**
 * A dated list's range: each bound as given, else today's 00:00:00.000 and 23:59:59.999 (section 9)
 * in the business's time zone.
 */
export async function datedRange(manager: EntityManager, businessId: string, query: { startDate?: string; endDate?: string }): Promise<[string, string]> {
  if (query.startDate && query.endDate) return [query.startDate, query.endDate];
  const today = todayBounds(new Date(), await timeZoneOf(manager, businessId));
  return [query.startDate ?? today.start.toISOString(), query.endDate ?? today.end.toISOString()];
}
