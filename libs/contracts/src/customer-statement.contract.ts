import { z } from 'zod';
import { CustomerSchema } from './customers.contract';
import { CreditNoteSchema, DatedInvoicesQuerySchema, PaymentMethodSchema } from './invoices.contract';
import { DateTimeSchema } from './items.contract';

/**
 * A customer's page (issue 22, rule 8): what they bought, what they owe and a statement.
 *
 * - GET user/customer/{id}/statement?startDate=&endDate=   view:customer -> CustomerStatementResponse.
 *   Only the invoices at locations where the caller holds view:invoice count (none: an empty page).
 *   Another business's customer is a 404.
 *
 * The statement is what the customer owes over time: each entry moves the balance by `amount`
 * (+ they owe more, - they owe less): an invoice as sold (+), a payment received (-), a credit
 * note's value (-), money paid back to them (+), a cancellation (- what the invoice still charged).
 * The balance after the last entry ever is their outstanding credit. `openingBalance` is the balance
 * before `startDate`; the entries are those within the range, oldest first. Money has 4 places.
 * - GET user/credit-note/dated?startDate=&endDate=&locations=   view:invoice -> CreditNoteListResponse:
 *   the credit notes made in the range (default today in the business's time zone) at the locations
 *   asked where the caller holds view:invoice, oldest first (costs only with view:cost).
 */

export const STATEMENT_ENTRY_KINDS = ['Invoice', 'Payment', 'Credit note', 'Paid back', 'Cancelled'] as const;
export type StatementEntryKind = (typeof STATEMENT_ENTRY_KINDS)[number];

export const CustomerStatementEntrySchema = z.object({
  date: z.string(),
  kind: z.enum(STATEMENT_ENTRY_KINDS),
  invoiceID: z.string(),
  invoiceNumber: z.number().int(),
  /** For a credit note and the money it paid back. */
  creditNoteNumber: z.number().int().nullable(),
  /** How a payment came in or money went back, when known. */
  paymentMethod: PaymentMethodSchema.nullable(),
  /** Signed: + the customer owes more, - less. */
  amount: z.string(),
  /** What they owe after it. */
  balance: z.string(),
});
export type CustomerStatementEntry = z.infer<typeof CustomerStatementEntrySchema>;

/** One of the customer's invoices as their page lists it. */
export const CustomerInvoiceSummarySchema = z.object({
  _id: z.string(),
  invoiceNumber: z.number().int(),
  locationID: z.string(),
  createdAt: z.string(),
  /** As sold. */
  soldTotal: z.string(),
  /** Less its credit notes. */
  grandTotal: z.string(),
  paidAmount: z.string(),
  outstanding: z.string(),
  settled: z.boolean(),
  refunded: z.boolean(),
  partiallyRefunded: z.boolean(),
  deletedAt: z.string().nullable(),
});
export type CustomerInvoiceSummary = z.infer<typeof CustomerInvoiceSummarySchema>;

export const CustomerStatementSchema = z.object({
  customer: CustomerSchema,
  /** Σ the live invoices' grand totals (sold less credit notes). */
  totalBought: z.string(),
  /** What they owe now: Σ outstanding of the live invoices. */
  outstandingCredit: z.string(),
  /** Their latest live invoice's date; null without any. */
  lastPurchase: z.string().nullable(),
  /** Newest first (at most 500). */
  invoices: z.array(CustomerInvoiceSummarySchema),
  /** Their credit notes, newest first (at most 500). */
  creditNotes: z.array(CreditNoteSchema),
  startDate: z.string().nullable(),
  endDate: z.string(),
  openingBalance: z.string(),
  entries: z.array(CustomerStatementEntrySchema),
  closingBalance: z.string(),
});
export type CustomerStatement = z.infer<typeof CustomerStatementSchema>;
export const CustomerStatementResponseSchema = z.object({ statement: CustomerStatementSchema });
export type CustomerStatementResponse = z.infer<typeof CustomerStatementResponseSchema>;

/** GET user/customer/{id}/statement: startDate left out is from the first entry; endDate left out is now. */
export const CustomerStatementQuerySchema = z
  .strictObject({ startDate: DateTimeSchema('Start date').optional(), endDate: DateTimeSchema('End date').optional() })
  .refine((query) => !query.startDate || !query.endDate || new Date(query.startDate) <= new Date(query.endDate), { path: ['endDate'], message: 'End date must not be before the start date.' });
export interface CustomerStatementQuery {
  startDate?: string;
  endDate?: string;
}

export const CreditNoteListResponseSchema = z.object({ creditNotes: z.array(CreditNoteSchema) });
export type CreditNoteListResponse = z.infer<typeof CreditNoteListResponseSchema>;
export const DatedCreditNotesQuerySchema = DatedInvoicesQuerySchema;
