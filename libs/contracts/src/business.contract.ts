import { z } from 'zod';
import { CurrencySchema, TimeZoneNameSchema, ValuationMethodSchema } from './auth.contract';
import { ContactNumberSchema, OptionalEmailSchema } from './contact-number';

/** The specification's minimum receipt printer width, and its exact message. */
export const MIN_PRINTER_WIDTH = 46;
export const PRINTER_WIDTH_MESSAGE = 'Width must be at least 46 characters';

const text = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters.`);

export const PrinterSettingsSchema = z.object({
  footer1: text('Footer line 1', 120),
  footer2: text('Footer line 2', 120),
  printCurrency: z.boolean(),
  printOnInvoice: z.boolean(),
  width: z.number({ error: PRINTER_WIDTH_MESSAGE }).int('Width must be a whole number').min(MIN_PRINTER_WIDTH, PRINTER_WIDTH_MESSAGE).max(200, 'Width must be at most 200 characters'),
});
export type PrinterSettings = z.infer<typeof PrinterSettingsSchema>;

export const NotificationSettingsSchema = z.object({
  customerEmail: z.boolean(),
  customerSMS: z.boolean(),
  supplierEmail: z.boolean(),
  supplierSMS: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

export const DEFAULT_PRINTER: PrinterSettings = { footer1: '', footer2: '', printCurrency: true, printOnInvoice: false, width: 48 };
export const DEFAULT_NOTIFICATION: NotificationSettings = {
  customerEmail: false,
  customerSMS: false,
  supplierEmail: false,
  supplierSMS: false,
};

export { BusinessErrorCode } from './error-codes';

/** GET user/business: the caller's business. */
export const BusinessSchema = z.object({
  _id: z.string(),
  businessName: z.string(),
  businessAddress: z.string(),
  contactNumber: z.string(),
  businessEmail: z.string(),
  currency: CurrencySchema,
  /**
   * Whether the currency is fixed: some amount (a batch's cost, a balance, a sale) has been
   * recorded in it, and changing it would re-label every one of them.
   */
  currencyLocked: z.boolean(),
  inventoryValuationMethod: ValuationMethodSchema,
  /** IANA name: every day boundary of the business (reports, dated lists, today) is a day here. */
  timeZone: z.string(),
  /** Whether prices include tax (VAT style) or tax is added to them (sales-tax style): tax.contract.ts. */
  pricesIncludeTax: z.boolean(),
  printer: PrinterSettingsSchema,
  notification: NotificationSettingsSchema,
  /** When a test receipt was last printed (POST user/business/test-receipt), or null: the getting-started step. */
  testReceiptPrintedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Business = z.infer<typeof BusinessSchema>;
export const BusinessResponseSchema = z.object({ business: BusinessSchema });
export type BusinessResponse = z.infer<typeof BusinessResponseSchema>;

/** PATCH user/business (administrators): any of the fields; printer and notification whole or in part. */
export const UpdateBusinessRequestSchema = z
  .strictObject({
    businessName: z.string().trim().min(1, 'Business name is required.').max(120, 'Business name must be at most 120 characters.'),
    businessAddress: text('Address', 300),
    contactNumber: ContactNumberSchema,
    businessEmail: OptionalEmailSchema,
    currency: CurrencySchema,
    inventoryValuationMethod: ValuationMethodSchema,
    pricesIncludeTax: z.boolean({ error: 'Say whether prices include tax.' }),
    timeZone: TimeZoneNameSchema,
    printer: PrinterSettingsSchema.partial().strict(),
    notification: NotificationSettingsSchema.partial().strict(),
  })
  .partial();
export type UpdateBusinessRequest = z.infer<typeof UpdateBusinessRequestSchema>;
