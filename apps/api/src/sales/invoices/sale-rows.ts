import type { EntityManager } from 'typeorm';
import type { Invoice } from '@stockbook/contracts';
import type { CurrencyCode, PaymentMethod, SalePlan } from '@stockbook/domain';
import { preparedQuery } from '../../common/database/prepared-query';
import { AppError } from '../../common/errors/app-error';
import { SOLD_FROM_BATCHES } from '../../inventory/stock.service';
import type { SaleCustomer } from '../customers/customers.service';
import { assembleInvoices, INVOICE_COLUMNS, type InvoiceParts, type InvoiceRow } from './invoice-reader';

/**
 * A sale's invoice number until it takes its real one as its last step: negative (never a real
 * number) and unique to the transaction (its id), so concurrent sales never wait on each other in
 * `uq_invoices_business_number`.
 */
const PLACEHOLDER_NUMBER = `-(txid_current() % 2147483647)::int - 1`;

/** Who, where and how a sale is made, beside the domain's plan of it. */
export interface SaleRows {
  readonly businessId: string;
  readonly locationId: string;
  readonly customerId: string | null;
  readonly userId: string;
  /** The first payment's method, or the request's (Credit). */
  readonly paymentMethod: PaymentMethod;
  readonly paymentDueDate: string | null;
  /** The public page's link token. */
  readonly link: string;
  readonly pricesIncludeTax: boolean;
  readonly plan: SalePlan;
  /** The Idempotency-Key the sale was claimed with: its row is given the invoice's id, in this statement. */
  readonly idempotencyKey: string | null;
}

/** What the rows written are, as an invoice read shows them (invoice-reader.ts): the invoice (unnumbered), its lines with their draws, its payments. */
export type WrittenSale = Omit<InvoiceRow, 'invoice_number'> & {
  readonly lines: Omit<InvoiceParts['lines'][number], 'top_id'>[];
  readonly payments: Omit<InvoiceParts['payments'][number], 'first_name' | 'last_name'>[];
};

/**
 * Writes a sale's rows in one statement (issue 25, rule 2): the invoice (numbered later, see
 * PLACEHOLDER_NUMBER), its lines, their draws, the payments taken at the counter and the batches
 * moved, exactly as the domain planned them (planSale), passed as arrays. Every batch named must
 * move. Answers the rows as written (RETURNING), columns as an invoice read gives them, so the
 * sale's answer needs no read after its commit. The caller has locked the batches and posts the
 * ledger and takes the number after, in its transaction.
 */
export async function writeSaleRows(manager: EntityManager, sale: SaleRows): Promise<WrittenSale> {
  const { plan } = sale;
  const { totals, payment } = plan;
  const lineNumbers = plan.lines.flatMap((line, index) => line.draws.map(() => index + 1));
  const draws = plan.lines.flatMap((line) => line.draws.map((draw, position) => ({ position, ...draw })));
  const [row] = await preparedQuery<WrittenSale & { moved: number }>(
    manager,
    'sale-rows',
    `WITH invoice AS (
       INSERT INTO invoices (business_id, location_id, invoice_number, customer_id, user_id, payment_method, payment_due_date, paid_amount, link,
                             total_amount, total_discount, total_quantity, total_cost, grand_total, outstanding, net_result, settled, credit, prices_include_tax, total_tax)
       VALUES ($1, $2, ${PLACEHOLDER_NUMBER}, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19) RETURNING ${INVOICE_COLUMNS}
     ), lines AS (
       INSERT INTO invoice_lines (invoice_id, position, item_id, item_name, variant_name, simple_item, quantity, price, discount, stock_valuation_method, tax_rate_id, tax_name, tax_rate)
       SELECT invoice.id, l.ord, l.item_id, i.item_name, i.variant_name, i.simple_item, l.quantity, l.price, l.discount, l.method, l.tax_rate_id, l.tax_name, l.tax_rate
         FROM invoice CROSS JOIN unnest($20::uuid[], $21::numeric[], $22::numeric[], $23::numeric[], $24::text[], $25::uuid[], $26::text[], $27::numeric[])
              WITH ORDINALITY AS l(item_id, quantity, price, discount, method, tax_rate_id, tax_name, tax_rate, ord)
         JOIN items i ON i.id = l.item_id
        ORDER BY l.ord
       RETURNING id, invoice_id, position, item_id, item_name, variant_name, simple_item, quantity::text, refunded_quantity::text, price::text, discount::text,
                 tax_rate_id, tax_name, tax_rate::text, stock_valuation_method
     ), drawn AS (
       INSERT INTO invoice_line_draws (line_id, position, batch_id, quantity, unit_cost)
       SELECT lines.id, d.position, d.batch_id, d.quantity, d.unit_cost
         FROM unnest($28::int[], $29::int[], $30::uuid[], $31::numeric[], $32::numeric[]) AS d(line_number, position, batch_id, quantity, unit_cost)
         JOIN lines ON lines.position = d.line_number
       RETURNING line_id, position, batch_id, quantity::text, unit_cost::text, returned::text
     ), paid AS (
       INSERT INTO invoice_payments (invoice_id, user_id, amount, payment_method, tendered, date, at_sale, position)
       SELECT invoice.id, $4, p.amount, p.method, p.tendered, now(), true, p.ord
         FROM invoice CROSS JOIN unnest($33::numeric[], $34::text[], $35::numeric[]) WITH ORDINALITY AS p(amount, method, tendered, ord) ORDER BY p.ord
       RETURNING id, invoice_id, amount::text, payment_method, date, at_sale, tendered::text, (tendered - amount)::text AS change, user_id, created_at, position
     ), moved AS (${SOLD_FROM_BATCHES('$1', '$36', '$37')}
     ), kept AS (
       UPDATE idempotency_keys k SET status = 201, body = jsonb_build_object('invoiceId', invoice.id)
         FROM invoice WHERE $38::text IS NOT NULL AND k.business_id = $1 AND k.user_id = $4 AND k.key = $38)
     SELECT invoice.*, (SELECT count(*) FROM moved)::int AS moved,
            (SELECT json_agg(x ORDER BY x.position) FROM (
               SELECT lines.*, (SELECT coalesce(json_agg(d ORDER BY d.position), '[]') FROM drawn d WHERE d.line_id = lines.id) AS draws FROM lines) x) AS lines,
            (SELECT coalesce(json_agg(paid ORDER BY paid.position), '[]') FROM paid) AS payments
       FROM invoice`,
    [
      sale.businessId, sale.locationId, sale.customerId, sale.userId, sale.paymentMethod, sale.paymentDueDate, payment.paidAmount, sale.link,
      totals.totalAmount, totals.totalDiscount, totals.totalQuantity, totals.totalCost, totals.grandTotal, payment.outstanding, totals.netResult, payment.settled, payment.credit,
      sale.pricesIncludeTax, totals.totalTax,
      plan.lines.map((line) => line.itemID),
      plan.lines.map((line) => line.quantity),
      plan.lines.map((line) => line.price),
      plan.lines.map((line) => line.discount),
      plan.lines.map((line) => line.stockValuationMethod),
      plan.lines.map((line) => line.tax.id),
      plan.lines.map((line) => line.tax.name),
      plan.lines.map((line) => line.tax.rate),
      lineNumbers, draws.map((d) => d.position), draws.map((d) => d.batchId), draws.map((d) => d.quantity), draws.map((d) => d.unitCost),
      plan.payments.map((paid) => paid.amount), plan.payments.map((paid) => paid.method), plan.payments.map((paid) => paid.tendered),
      plan.sold.map((movement) => movement.batchId), plan.sold.map((movement) => movement.quantity),
      sale.idempotencyKey,
    ],
  );
  const { moved, ...written } = row!;
  if (moved !== plan.sold.length) throw new AppError('INTERNAL', `Stock movement touched ${moved} of ${plan.sold.length} batches.`);
  return written;
}

/** What a sale knows besides its rows: the number it took, its items' top items, the names its lines show, its customer and seller. */
export interface SoldWith {
  readonly number: number;
  readonly topOf: (itemId: string) => string;
  readonly named: InvoiceParts['named'];
  readonly customer: SaleCustomer | null;
  readonly seller: { readonly id: string; readonly firstName: string; readonly lastName: string };
  readonly currency: CurrencyCode;
}

/**
 * The invoice a sale made, as an invoice read shows it (assembleInvoices, as the read uses), from
 * the rows as written and what the sale knows: so it is answered with no read after its commit.
 * Costs are all here; the caller passes it through `costsAsSeen`.
 */
export function soldInvoice(written: WrittenSale, sold: SoldWith): Invoice {
  const { lines, payments, ...row } = written;
  const seller = { first_name: sold.seller.firstName, last_name: sold.seller.lastName };
  const [invoice] = assembleInvoices(
    [{ ...row, invoice_number: sold.number }],
    {
      lines: lines.map((line) => ({ ...line, top_id: sold.topOf(line.item_id) })),
      named: sold.named,
      payments: payments.map((payment) => ({ ...payment, ...seller })),
      credit_notes: [],
      customers: sold.customer ? [sold.customer] : [],
      users: [{ id: sold.seller.id, ...seller }],
    },
    sold.currency,
  );
  return invoice!;
}
