import { z } from 'zod';
import { MAX_SALE_PAYMENTS, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, PUBLIC_LINK_TOKEN_LENGTH, RECEIVING_METHODS, VALUATION_METHODS } from '@stockbook/domain';
import { CustomerSchema } from './customers.contract';
import { IdListQuerySchema } from './locations.contract';
import { DateTimeSchema, MoneySchema, PositiveQuantitySchema } from './items.contract';

/**
 * Invoices: sales, their payments, refunds, cancellation and the public invoice page
 * (specification sections 2 "Public invoice view", 3 "Invoice", "Invoice line", "Public invoice
 * response", 7; issue 14). The rules are `@stockbook/domain`'s sales functions (planSale,
 * addPayment, planRefund, planCancel); these are the shapes on the wire.
 *
 * Paths (under /api/v1/); every one is limited to the caller's business and to the locations
 * where the caller holds the action (a 403 otherwise; another business's id is a 404):
 * - POST   user/invoice                   create:invoice   CreateInvoiceRequest -> InvoiceResponse (201).
 *          Optional header `Idempotency-Key` (1-200 visible characters): a retry with the same key by the
 *          same user answers the first answer again (same status and body) and writes nothing twice.
 * - GET    user/invoice/{id}              view:invoice     -> InvoiceResponse (lines with their batch draws,
 *                                                           payments, refunds; a cancelled one too)
 * - GET    user/invoice/search?search=    view:invoice     -> InvoiceListResponse: by number (exactly),
 *                                                           customer name, e-mail or contact number
 * - GET    user/invoice/dated?startDate=&endDate=&locations=   view:invoice -> InvoiceListResponse, newest
 *                                                           first; default range today (server day), all locations
 * - GET    user/invoice/paginated?page=&limit=&locations=     view:invoice -> InvoicePageResponse, newest first
 * - POST   user/invoice/add-payment       payment:invoice  AddPaymentRequest -> InvoiceResponse
 * - POST   user/invoice/refund            refund:invoice   RefundRequest -> InvoiceResponse: writes a credit
 *                                                           note (the invoice keeps what it sold; `creditNotes`)
 * - DELETE user/invoice/{id}              delete:invoice   -> InvoiceResponse (cancels: stock back to its
 *                                                           batches, money received paid back, `deletedAt` set)
 * - POST   user/invoice/link/revoke       create:invoice   InvoiceLinkRequest -> InvoiceResponse (`link` null)
 * - POST   user/invoice/link/reissue      create:invoice   InvoiceLinkRequest -> InvoiceResponse (a new `link`)
 * - GET    public/invoice/{link}          no credentials   -> PublicInvoiceResponse; an unknown, revoked or
 *                                                           malformed link answers 404 PublicInvoiceNotFound
 *                                                           (`success: false`); rate limited per address (429).
 *
 * Errors (code -> status): INSUFFICIENT_STOCK 409 (an oversell: `fieldErrors["items.N.quantity"]` and the
 * message name the item, the quantity asked and on hand; nothing is written), OVER_PAYMENT 409,
 * OVER_REFUND 409, UNDER_REFUND 409, INVOICE_CANCELLED 409, INVOICE_SETTLED 409, IDEMPOTENCY_KEY_REUSED
 * 409 (the key was used for a different request), and 400 with `fieldErrors` for input the rules refuse
 * (INVALID_QUANTITY, INVALID_AMOUNT, DUE_DATE_REQUIRED, METHOD_REQUIRED, METHOD_NOT_SELECTABLE,
 * UNKNOWN_LINE, DUPLICATE_LINE, NO_LINES) or VALIDATION_FAILED.
 *
 * Money: decimal strings (4 places; charges are rounded to the currency's minor unit), quantities
 * 3 places. Cost fields (`cost` of a line and of a draw, `totalCost`, `netResult`) are sent only to
 * callers holding `view:cost`; for anyone else they are absent (COST_FIELDS).
 * Live data: a sale, payment, refund or cancellation reloads `invoices`, `items`, `customers`,
 * `transactions` and `reports`.
 */

const id = (what: string) => {
  const message = `Choose ${/^[aeiou]/i.test(what) ? 'an' : 'a'} ${what}.`;
  return z.string({ error: message }).uuid(message);
};

export const PaymentMethodSchema = z.enum(PAYMENT_METHODS, { error: `Choose a payment method: ${PAYMENT_METHODS.join(', ')}.` });
export type PaymentMethodValue = z.infer<typeof PaymentMethodSchema>;
/** A way money is received or paid back: every method but Credit (which means nothing is received now). */
export const ReceivingMethodSchema = z.enum(RECEIVING_METHODS, {
  error: `Choose how it is paid: ${RECEIVING_METHODS.map((method) => PAYMENT_METHOD_LABELS[method]).join(', ')}. Credit means nothing is received now.`,
});
export type ReceivingMethodValue = z.infer<typeof ReceivingMethodSchema>;
export const LineValuationMethodSchema = z.enum(VALUATION_METHODS, { error: 'Choose FIFO, LIFO or AVCO.' });

/** The most lines one invoice takes. */
export const MAX_INVOICE_LINES = 200;

// ---- Answers ------------------------------------------------------------------------------------

/** What a line took from one batch ("batch" of the specification's invoice line). */
export const InvoiceDrawSchema = z.object({
  batchID: z.string(),
  /** Quantity drawn at the sale. */
  quantity: z.string(),
  /** Unit cost the draw was taken at; absent without `view:cost`. */
  cost: z.string().optional(),
  /** Quantity given back to the batch since (refunds, cancellation). */
  returned: z.string(),
});
export type InvoiceDraw = z.infer<typeof InvoiceDrawSchema>;

export const InvoiceLineSchema = z.object({
  _id: z.string(),
  /** The simple item or variant sold. */
  itemID: z.string(),
  itemName: z.string(),
  /** A variant's name ("Large / Red"); null for a simple item. */
  variantName: z.string().nullable(),
  simpleItem: z.boolean(),
  category: z.array(z.object({ _id: z.string(), name: z.string() })),
  /** Quantity the line still sells: sold less refunded (a cancelled invoice keeps it as it stood). */
  quantity: z.string(),
  /** Quantity sold at the sale. */
  soldQuantity: z.string(),
  /** Quantity refunded so far. */
  refundedQuantity: z.string(),
  price: z.string(),
  /** Per unit. */
  discount: z.string(),
  /** quantity x (price - discount), to the currency's minor unit. */
  total: z.string(),
  /** The rate the line was sold at (null: none, or the rate was deleted since), its name and percent as sold ("0.0000" for none). */
  taxRateID: z.string().nullable(),
  taxName: z.string().nullable(),
  taxRate: z.string(),
  /** The line's tax, to the minor unit: added to total, or within it when the invoice's prices include tax. */
  tax: z.string(),
  stockValuationMethod: LineValuationMethodSchema,
  /** Cost of the stock the line still holds; absent without `view:cost`. */
  cost: z.string().optional(),
  /** Every batch drawn from, in draw order. */
  batch: z.array(InvoiceDrawSchema),
  attributes: z.array(z.object({ _id: z.string(), value: z.string(), attribute: z.object({ _id: z.string(), name: z.string() }) })),
  deletedAt: z.string().nullable(),
  deletedBy: z.string().nullable(),
});
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>;

/** The customer as an invoice shows them. */
export const InvoiceCustomerSchema = CustomerSchema.pick({ _id: true, firstName: true, lastName: true, email: true, contactNumber: true, address: true });
export type InvoiceCustomer = z.infer<typeof InvoiceCustomerSchema>;

export const InvoicePersonSchema = z.object({ _id: z.string(), firstName: z.string(), lastName: z.string() });

export const InvoicePaymentSchema = z.object({
  _id: z.string(),
  amount: z.string(),
  /** Credit only on payments recorded before issue 21, when a later payment could say Credit. */
  paymentMethod: PaymentMethodSchema,
  date: z.string(),
  user: InvoicePersonSchema,
  /** Taken with the sale (true) or added later (false). */
  atSale: z.boolean(),
  /** Cash handed over, when the cashier typed it; null otherwise. */
  tendered: z.string().nullable(),
  /** tendered - amount, handed back (never income); null without tendered. */
  change: z.string().nullable(),
});
export type InvoicePayment = z.infer<typeof InvoicePaymentSchema>;

/**
 * A credit note (issue 22, rule 1): a refund as its own document. Numbered 1, 2, 3, ... per
 * business without gaps, dated when the refund was made, with the lines and quantities taken back
 * and their figures (the invoice's figures before the refund less after it, so an invoice's credit
 * notes add up to exactly what it sold less what it still sells), and the money paid back.
 */
export const CreditNoteLineSchema = z.object({
  /** The invoice line taken back from. */
  lineID: z.string(),
  itemName: z.string(),
  variantName: z.string().nullable(),
  quantity: z.string(),
  price: z.string(),
  /** Per unit. */
  discount: z.string(),
  /** The line's value taken back, as the invoice line's `total` counts it. */
  total: z.string(),
  tax: z.string(),
  /** Cost of the stock returned; absent without `view:cost`. */
  cost: z.string().optional(),
});
export type CreditNoteLine = z.infer<typeof CreditNoteLineSchema>;

/** Figures of a document or of a sum of documents (an invoice as sold, its credit notes together). */
export const InvoiceFiguresSchema = z.object({
  totalAmount: z.string(),
  totalDiscount: z.string(),
  totalQuantity: z.string(),
  totalTax: z.string(),
  grandTotal: z.string(),
  /** Absent without `view:cost`. */
  totalCost: z.string().optional(),
});
export type InvoiceFigures = z.infer<typeof InvoiceFiguresSchema>;

export const CreditNoteSchema = InvoiceFiguresSchema.extend({
  _id: z.string(),
  /** 1, 2, 3, ... per business, without gaps (its own series, apart from invoices). */
  creditNoteNumber: z.number().int(),
  invoiceID: z.string(),
  invoiceNumber: z.number().int(),
  locationID: z.string(),
  items: z.array(CreditNoteLineSchema),
  /** Money paid back to the customer with it (the rest of its value lowered what they owed). */
  amountPaidBack: z.string(),
  /** The way it was paid back when one was chosen; null: the ways the money came in. */
  paymentMethod: ReceivingMethodSchema.nullable(),
  createdAt: z.string(),
  user: InvoicePersonSchema,
});
export type CreditNote = z.infer<typeof CreditNoteSchema>;

/** The invoice's tax per rate (lines of the same name and percent together; untaxed lines left out). */
export const InvoiceTaxSchema = z.object({ name: z.string(), rate: z.string(), taxable: z.string(), tax: z.string() });
export type InvoiceTax = z.infer<typeof InvoiceTaxSchema>;

export const InvoiceSchema = z.object({
  _id: z.string(),
  locationID: z.string(),
  /** 1, 2, 3, ... per business, without gaps. */
  invoiceNumber: z.number().int(),
  /** Null for a walk-in sale. */
  customer: InvoiceCustomerSchema.nullable(),
  /** Who made the sale ('Invoiced By'). */
  user: InvoicePersonSchema,
  items: z.array(InvoiceLineSchema),
  /** The first payment's method; Credit when nothing was received with the sale. */
  paymentMethod: PaymentMethodSchema,
  paymentDueDate: z.string().nullable(),
  /** Held by the location: received, less paid back. */
  paidAmount: z.string(),
  /** The public page's token (`/i/{link}`); null once revoked until reissued. */
  link: z.string().nullable(),
  /** Σ price x quantity over what is still sold: the net figures (sold less its credit notes) from here to netResult. */
  totalAmount: z.string(),
  /** Absent without `view:cost`. */
  totalCost: z.string().optional(),
  totalDiscount: z.string(),
  totalQuantity: z.string(),
  /** Whether its prices include tax (VAT style), as sold. */
  pricesIncludeTax: z.boolean(),
  /** Σ the lines' tax. */
  totalTax: z.string(),
  /** Per rate; Σ tax = totalTax. */
  taxes: z.array(InvoiceTaxSchema),
  /** totalAmount - totalDiscount, plus totalTax when tax is added to prices. */
  grandTotal: z.string(),
  /** grandTotal - paidAmount. */
  outstanding: z.string(),
  /** grandTotal - totalTax - totalCost; absent without `view:cost`. */
  netResult: z.string().optional(),
  settled: z.boolean(),
  credit: z.boolean(),
  /** Fully refunded: every line taken back by credit notes. */
  refunded: z.boolean(),
  /** Some but not all of it taken back by credit notes. */
  partiallyRefunded: z.boolean(),
  /** The figures as sold, before any credit note: net = sold - refunded. */
  sold: InvoiceFiguresSchema,
  /** Σ its credit notes' figures (all "0.0000" without any). */
  refundedTotals: InvoiceFiguresSchema,
  /** Every payment, those taken with the sale first, oldest first. */
  payments: z.array(InvoicePaymentSchema),
  /** Its credit notes, oldest first. */
  creditNotes: z.array(CreditNoteSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Set when cancelled. */
  deletedAt: z.string().nullable(),
  deletedBy: z.string().nullable(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const InvoiceResponseSchema = z.object({ invoice: InvoiceSchema });
export type InvoiceResponse = z.infer<typeof InvoiceResponseSchema>;
export const InvoiceListResponseSchema = z.object({ invoices: z.array(InvoiceSchema) });
export type InvoiceListResponse = z.infer<typeof InvoiceListResponseSchema>;
export const InvoicePageResponseSchema = z.object({
  invoices: z.array(InvoiceSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type InvoicePageResponse = z.infer<typeof InvoicePageResponseSchema>;

// ---- Requests -----------------------------------------------------------------------------------

export const InvoiceLineRequestSchema = z.strictObject({
  /** A simple item or a variant (not a variant item's parent). */
  itemID: id('item'),
  quantity: PositiveQuantitySchema('Quantity'),
  /** Per unit; the item's price when left out. */
  price: MoneySchema('Price').optional(),
  /** Per unit, at most the price. */
  discount: MoneySchema('Discount').default('0'),
  /** Required when the business values stock with SELECT; otherwise the business's method or left out. */
  stockValuationMethod: LineValuationMethodSchema.optional(),
});
export type InvoiceLineRequest = z.input<typeof InvoiceLineRequestSchema>;

/** One payment taken with a sale (issue 21): its method, its amount and, for cash, what was handed over. */
export const SalePaymentRequestSchema = z.strictObject({
  paymentMethod: ReceivingMethodSchema,
  /** More than 0, in the currency's minor unit. */
  amount: MoneySchema('Amount'),
  /** Cash only: at least the amount; the change due (tendered - amount) is shown and printed, never booked. */
  tendered: MoneySchema('Cash tendered').nullable().optional(),
});
export type SalePaymentRequest = z.input<typeof SalePaymentRequestSchema>;

/**
 * POST user/invoice. The money taken, one of two ways:
 * - `payments`: each payment taken now (split payments: cash 20.00 then card for the rest), in
 *   order; none (an empty list) means nothing is received now. `paymentMethod` is then the first
 *   payment's method (it must agree), or Credit with no payments.
 * - the specification's `paymentMethod` with `paidAmount`: one payment of that amount by that
 *   method; `paidAmount` left out means paid in full, or nothing on Credit (Credit receives nothing).
 * Paid less than the grand total needs `paymentDueDate` (the invoice is then on credit). Several
 * lines may sell one item; the stock check counts them together.
 */
export const CreateInvoiceRequestSchema = z
  .strictObject({
    locationID: id('location'),
    /** Null or left out for a walk-in sale. */
    customer: id('customer').nullable().default(null),
    items: z.array(InvoiceLineRequestSchema, { error: 'Add at least one line.' }).min(1, 'Add at least one line.').max(MAX_INVOICE_LINES, `At most ${MAX_INVOICE_LINES} lines.`),
    paymentMethod: PaymentMethodSchema,
    paidAmount: MoneySchema('Amount paid').optional(),
    payments: z.array(SalePaymentRequestSchema, { error: 'Payments must be a list.' }).max(MAX_SALE_PAYMENTS, `A sale takes at most ${MAX_SALE_PAYMENTS} payments.`).optional(),
    paymentDueDate: DateTimeSchema('Due date').nullable().default(null),
  })
  .superRefine((body, context) => {
    if (body.payments && body.paidAmount !== undefined) {
      context.addIssue({ code: 'custom', path: ['paidAmount'], message: 'Give either the payments or an amount paid, not both.' });
    }
    const first = body.payments?.[0]?.paymentMethod;
    if (first && body.paymentMethod !== first) {
      context.addIssue({ code: 'custom', path: ['paymentMethod'], message: `The payment method is the first payment's (${PAYMENT_METHOD_LABELS[first]}): make them agree.` });
    }
  });
export type CreateInvoiceRequest = z.input<typeof CreateInvoiceRequestSchema>;

/** POST user/invoice/add-payment: never beyond the outstanding balance. `date` defaults to now. */
export const AddPaymentRequestSchema = z.strictObject({
  invoiceID: id('invoice'),
  amount: MoneySchema('Amount'),
  paymentMethod: ReceivingMethodSchema,
  date: DateTimeSchema('Date').optional(),
});
export type AddPaymentRequest = z.input<typeof AddPaymentRequestSchema>;

/**
 * POST user/invoice/refund: lines and quantities taken back (never more than sold and not yet
 * refunded). `amount` is the money paid back; left out, the most allowed: what was paid, up to the
 * value returned.
 */
export const RefundRequestSchema = z.strictObject({
  invoiceID: id('invoice'),
  items: z
    .array(z.strictObject({ lineID: id('line'), quantity: PositiveQuantitySchema('Quantity') }), { error: 'Choose at least one line to refund.' })
    .min(1, 'Choose at least one line to refund.')
    .max(MAX_INVOICE_LINES, `At most ${MAX_INVOICE_LINES} lines.`),
  amount: MoneySchema('Amount paid back').optional(),
  /** How it is paid back; left out, the way it came in (the method received last first). */
  paymentMethod: ReceivingMethodSchema.optional(),
});
export type RefundRequest = z.input<typeof RefundRequestSchema>;

/** POST user/invoice/link/revoke and user/invoice/link/reissue. */
export const InvoiceLinkRequestSchema = z.strictObject({ invoiceID: id('invoice') });
export type InvoiceLinkRequest = z.input<typeof InvoiceLinkRequestSchema>;

const page = z.coerce.number({ error: 'Page must be a number.' }).int('Page must be a whole number.').min(1, 'Page must be at least 1.').default(1);
const limit = (fallback: number) =>
  z.coerce.number({ error: 'Limit must be a number.' }).int('Limit must be a whole number.').min(1, 'Limit must be at least 1.').max(200, 'Limit must be at most 200.').default(fallback);

/** GET user/invoice/dated: from startDate to endDate (both default to today's bounds), optionally only some locations. */
export const DatedInvoicesQuerySchema = z.strictObject({
  startDate: DateTimeSchema('Start date').optional(),
  endDate: DateTimeSchema('End date').optional(),
  locations: IdListQuerySchema,
});
export interface DatedInvoicesQuery {
  startDate?: string;
  endDate?: string;
  locations?: string[];
}

/** GET user/invoice/paginated. */
export const PaginatedInvoicesQuerySchema = z.strictObject({ page, limit: limit(20), locations: IdListQuerySchema });
export interface PaginatedInvoicesQuery {
  page?: number;
  limit?: number;
  locations?: string[];
}

/** GET user/invoice/search: an invoice number, or text found in the customer's name, e-mail or contact number. */
export const SearchInvoicesQuerySchema = z.strictObject({
  search: z.string({ error: 'Type something to search for.' }).trim().min(1, 'Type something to search for.').max(100, 'Search at most 100 characters.'),
  limit: limit(50),
  locations: IdListQuerySchema,
});
export interface SearchInvoicesQuery {
  search: string;
  limit?: number;
  locations?: string[];
}

// ---- Public invoice page --------------------------------------------------------------------------

/** `{link}` of public/invoice/{link}: a token of PUBLIC_LINK_TOKEN_LENGTH base64url characters. */
export const PublicInvoiceParamSchema = z.object({
  link: z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${PUBLIC_LINK_TOKEN_LENGTH}}$`), 'No such invoice.'),
});

/** GET public/invoice/{link}: exactly the specification's public invoice response. */
export const PublicInvoiceResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  invoice: z.object({
    invoiceNumber: z.number().int(),
    customer: InvoiceCustomerSchema.omit({ _id: true }).nullable(),
    user: z.object({ firstName: z.string(), lastName: z.string() }),
    /** `quantity` is what the line still sells; `soldQuantity` what it sold (credit notes take back the difference). */
    items: z.array(z.object({ variantName: z.string(), itemName: z.string(), quantity: z.string(), soldQuantity: z.string(), discount: z.string(), price: z.string() })),
    paidAmount: z.string(),
    paymentMethod: PaymentMethodSchema,
    /** Every payment received (issue 21), oldest first, with its method; cash with what was tendered and the change. */
    payments: z.array(z.object({ amount: z.string(), paymentMethod: PaymentMethodSchema, date: z.string(), tendered: z.string().nullable(), change: z.string().nullable() })),
    paymentDueDate: z.string().nullable(),
    totalAmount: z.string(),
    totalDiscount: z.string(),
    totalQuantity: z.string(),
    /** Tax (issue 21): whether prices include it, Σ of it, per rate, and what the customer owes in all. */
    pricesIncludeTax: z.boolean(),
    totalTax: z.string(),
    taxes: z.array(InvoiceTaxSchema),
    /** Net of credit notes, as the figures above it. */
    grandTotal: z.string(),
    /** The figures as sold (issue 22, rule 1), before any credit note. */
    sold: InvoiceFiguresSchema.omit({ totalCost: true }),
    /** Its credit notes, oldest first (no costs). */
    creditNotes: z.array(
      CreditNoteSchema.omit({ _id: true, invoiceID: true, locationID: true, user: true, totalCost: true }).extend({ items: z.array(CreditNoteLineSchema.omit({ lineID: true, cost: true })) }),
    ),
    settled: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Set when cancelled: the page says 'This invoice has been cancelled and is no longer valid.' */
    deletedAt: z.string().nullable(),
  }),
  business: z.object({
    businessName: z.string(),
    businessAddress: z.string(),
    contactNumber: z.string(),
    businessEmail: z.string(),
    currency: z.string(),
  }),
});
export type PublicInvoiceResponse = z.infer<typeof PublicInvoiceResponseSchema>;
/** What public/invoice/{link} answers for an unknown, revoked or malformed link (404). */
export const PublicInvoiceNotFoundSchema = z.object({ success: z.literal(false), message: z.string(), code: z.string(), requestId: z.string().optional() });

// ---- Error codes ----------------------------------------------------------------------------------

export { SALES_ERROR_CODES, type SalesErrorCode } from './error-codes';
