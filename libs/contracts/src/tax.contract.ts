import { z } from 'zod';
import { readTaxRate, TAX_RATE_SCALE } from '@stockbook/domain';
import { IdListQuerySchema } from './locations.contract';
import { DateTimeSchema } from './items.contract';
import { TimeZoneSchema } from './reports.contract';

/**
 * Tax rates and the tax report (issue 21, rule 2; the arithmetic is `@stockbook/domain`'s tax.ts).
 *
 * Paths (under /api/v1/):
 * - GET user/tax-rate: the business's rates, by name (anyone signed in: the sale screen shows tax)
 *       -> TaxRateListResponse.
 * - POST user/tax-rate, PATCH user/tax-rate/:id, DELETE user/tax-rate/:id (administrators):
 *       a rate's name is unique in the business ignoring case (409 TAX_RATE_NAME_TAKEN); a rate a
 *       location or an item uses cannot be deleted (409 TAX_RATE_IN_USE, naming who). A changed
 *       percent applies to sales from then on: every invoice keeps the name and percent it was sold at.
 * - GET user/report/tax?startDate=&endDate=&locations=&timeZone=: tax collected per rate and location
 *       over the live invoices of the range (view:report at each location) -> TaxReportResponse.
 *
 * The business's `pricesIncludeTax` (PATCH user/business) says whether prices hold their tax (VAT)
 * or have it added (sales tax); a location's `taxRateID` is its default; an item's or a variant's
 * `taxRateID` or `taxExempt` its own choice.
 */

export const TaxRateSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Percent, e.g. "20.0000" (4 places). */
  rate: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TaxRate = z.infer<typeof TaxRateSchema>;
export const TaxRateListResponseSchema = z.object({ data: z.array(TaxRateSchema) });
export type TaxRateListResponse = z.infer<typeof TaxRateListResponseSchema>;
export const TaxRateResponseSchema = z.object({ taxRate: TaxRateSchema });
export type TaxRateResponse = z.infer<typeof TaxRateResponseSchema>;

const RATE_MESSAGE = `Rate must be a percent from 0 to 100 with at most ${TAX_RATE_SCALE} decimals.`;
const fields = {
  name: z.string({ error: 'Name is required.' }).trim().min(1, 'Name is required.').max(60, 'Name must be at most 60 characters.'),
  rate: z
    .union([z.string().max(40, RATE_MESSAGE), z.number()], { error: RATE_MESSAGE })
    .transform((value) => String(value).trim())
    .refine((value) => readTaxRate(value) !== null, RATE_MESSAGE),
};

/** POST user/tax-rate. */
export const CreateTaxRateRequestSchema = z.strictObject(fields);
export type CreateTaxRateRequest = z.input<typeof CreateTaxRateRequestSchema>;
/** PATCH user/tax-rate/:id. */
export const UpdateTaxRateRequestSchema = z.strictObject(fields).partial();
export type UpdateTaxRateRequest = z.input<typeof UpdateTaxRateRequestSchema>;

export { TaxErrorCode } from './error-codes';

/** A rate choice in a request: a rate's id, or null for none. */
export const TaxRateIdSchema = z.string({ error: 'Choose a tax rate.' }).uuid('Choose a tax rate.').nullable();

export const TaxReportRowSchema = z.object({
  locationID: z.string(),
  /** Null when the rate has since been deleted. */
  taxRateID: z.string().nullable(),
  name: z.string(),
  /** Percent as sold. */
  rate: z.string(),
  /** Σ the lines' net amounts at this rate (without tax). */
  taxable: z.string(),
  tax: z.string(),
  /** Invoices with a line at this rate. */
  invoices: z.number().int(),
});
export type TaxReportRow = z.infer<typeof TaxReportRowSchema>;
export const TaxReportSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  timeZone: z.string(),
  locations: z.array(z.string()),
  /** By location, then rate name and percent. */
  rows: z.array(TaxReportRowSchema),
  totalTaxable: z.string(),
  /** Σ tax: equal to Σ totalTax of the invoices of the range. */
  totalTax: z.string(),
});
export type TaxReport = z.infer<typeof TaxReportSchema>;
export const TaxReportResponseSchema = z.object({ report: TaxReportSchema });
export type TaxReportResponse = z.infer<typeof TaxReportResponseSchema>;

/** GET user/report/tax. */
export const TaxReportQuerySchema = z.strictObject({
  startDate: DateTimeSchema('Start date').optional(),
  endDate: DateTimeSchema('End date').optional(),
  locations: IdListQuerySchema,
  timeZone: TimeZoneSchema,
});
export interface TaxReportQuery {
  startDate?: string;
  endDate?: string;
  locations?: string[];
  timeZone?: string;
}
