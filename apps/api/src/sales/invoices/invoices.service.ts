import { createHash, randomBytes } from 'node:crypto';
import Big from 'big.js';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { AddPaymentRequestSchema, CreateInvoiceRequestSchema, Invoice, PermissionAction, RefundRequestSchema } from '@stockbook/contracts';
import {
  addPayment,
  can,
  formatMoney,
  priceControlRefusal,
  invoiceTotals,
  MINOR_UNIT_DIGITS,
  moneyShown,
  PAYMENT_METHOD_LABELS,
  payBack,
  payBackMovements,
  paymentsOf,
  locationsFor,
  planCancel,
  planRefund,
  planSale,
  PUBLIC_LINK_TOKEN_BYTES,
  restrictToScope,
  saleTaxRate,
  sellingLocationProblem,
  type CurrencyCode,
  type HeldMoney,
  type LedgerMovement,
  type RecordedInvoice,
  type TakenPayment,
  type SalesProblem,
} from '@stockbook/domain';
import { assertCan } from '../../auth/assert-can';
import type { AuthContext } from '../../auth/auth-context';
import { preparedQuery } from '../../common/database/prepared-query';
import { AppError } from '../../common/errors/app-error';
import { StockService } from '../../inventory/stock.service';
import { costsAsSeen } from '../../inventory/cost-visibility';
import { WritePath, type Written } from '../../writes/write-path.service';
import { CustomersService } from '../customers/customers.service';
import { InvoiceLinkMail } from './invoice-link-mail';
import { readForSale } from './sale-reads';
import { soldInvoice, writeSaleRows } from './sale-rows';
import { ledgerPosting, LedgerService } from '../../ledger/ledger.service';
import { assembleInvoices, buildInvoices, INVOICE_COLUMNS, invoicePartsColumns, readLines, type InvoiceParts, type InvoiceRow } from './invoice-reader';
import { currencyOf, datedRange, locationOf } from '../../business/business-records';
import { MetricsService } from '../../metrics/metrics.service';

type Out<T extends z.ZodType> = z.output<T>;
interface Place {
  id: string;
  name: string;
}

/** What every invoice write reloads. */
const SALE_CHANGES = ['invoices', 'items', 'customers', 'transactions', 'reports'] as const;
const MONEY_CHANGES = ['invoices', 'customers', 'transactions', 'reports'] as const;

const newLink = () => randomBytes(PUBLIC_LINK_TOKEN_BYTES).toString('base64url');

/** A refusal of the sales rules as the API's error: its code (status from SALES_PROBLEM_STATUS), on its field. */
function refused(problem: SalesProblem, message = problem.message, field = 'field' in problem ? problem.field : undefined): AppError {
  return new AppError(problem.code, message, field ? { [field]: [message] } : undefined);
}

/** Signals that a concurrent request with the same Idempotency-Key committed first. */
class IdempotentReplay extends Error {}

/** A sale's first plan found its locked batches short of a line: it is made again with every batch locked (readForSale). */
class LockedTooFew extends Error {}

/** A sale as made: its answer, and what the invoice's link mail needs of the business. */
interface Sold {
  readonly invoice: Invoice;
  readonly business: { readonly name: string; readonly mailsCustomers: boolean };
}

/**
 * Sales: an invoice is written whole in one transaction through WritePath (the work, its activity
 * entry and its `invalidate`). The rules are the domain's (planSale, addPayment, planRefund,
 * planCancel); stock moves only through the inventory module's StockService and money only
 * through the LedgerService. Locks, always in this order: the invoice row, its batches (lock
 * order), the location's balances, the customer, and last the business's invoice counter. The
 * counter orders every sale of the business until it commits, so a sale takes its number as its
 * last step (the row goes in with a placeholder number first): the counter is held only for the
 * activity entry and the commit. A sale answers from its own statements (what it read, the rows as
 * written, the number taken), so nothing is read after its commit: a committed sale is answered
 * (issue 23, rule 5) with no round trip more (issue 25, rule 2).
 */
@Injectable()
export class InvoicesService {
  private readonly logger = new Logger('InvoicesService');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writes: WritePath,
    private readonly stock: StockService,
    private readonly ledger: LedgerService,
    private readonly customers: CustomersService,
    private readonly linkMail: InvoiceLinkMail,
    private readonly metrics: MetricsService,
  ) {}

  // ---- Reads -------------------------------------------------------------------------------------

  async get(auth: AuthContext, id: string): Promise<Invoice> {
    // The invoice with its location's name, the business's currency and all it shows: one round trip.
    const [found] = await preparedQuery<InvoiceRow & InvoiceParts & { location_name: string; business_currency: CurrencyCode }>(
      this.dataSource.manager,
      'invoice-whole',
      `WITH invoice AS (SELECT ${INVOICE_COLUMNS} FROM invoices WHERE id = $1 AND business_id = $2)
       SELECT invoice.*, l.name AS location_name, b.currency AS business_currency,
              ${invoicePartsColumns('ARRAY[invoice.id]', 'ARRAY[invoice.user_id]', 'ARRAY[invoice.customer_id]')}
         FROM invoice JOIN locations l ON l.id = invoice.location_id JOIN businesses b ON b.id = invoice.business_id`,
      [id, auth.businessId],
    );
    if (!found) throw AppError.notFound('No such invoice in your business.');
    const { location_name: locationName, business_currency: currency, lines, named, payments, credit_notes, customers, users, ...row } = found;
    assertCan(auth.user, 'view:invoice', { id: row.location_id, name: locationName });
    const [invoice] = assembleInvoices([row], { lines, named, payments, credit_notes, customers, users }, currency);
    return costsAsSeen(auth, invoice!);
  }

  async dated(auth: AuthContext, query: { startDate?: string; endDate?: string; locations?: string[] }): Promise<Invoice[]> {
    const [start, end] = await datedRange(this.dataSource.manager, auth.businessId, query);
    return this.list(auth, query.locations, `AND created_at >= $3::timestamptz AND created_at <= $4::timestamptz`, [start, end]);
  }

  async paginated(auth: AuthContext, query: { page: number; limit: number; locations?: string[] }): Promise<{ invoices: Invoice[]; total: number }> {
    const scope = this.scope(auth, query.locations);
    const [{ total }] = (await this.dataSource.query(
      `SELECT count(*)::int AS total FROM invoices WHERE business_id = $1 AND ($2::uuid[] IS NULL OR location_id = ANY($2::uuid[]))`,
      [auth.businessId, scope],
    )) as { total: number }[];
    const invoices = await this.list(auth, query.locations, `LIMIT $3 OFFSET $4`, [query.limit, (query.page - 1) * query.limit], true);
    return { invoices, total };
  }

  async search(auth: AuthContext, query: { search: string; limit: number; locations?: string[] }): Promise<Invoice[]> {
    const text = query.search.trim();
    const number = /^#?\d{1,9}$/.test(text) ? Number(text.replace('#', '')) : null;
    const like = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.list(
      auth,
      query.locations,
      `AND (invoice_number = $3 OR customer_id IN (SELECT id FROM customers c WHERE c.business_id = $1
          AND (lower(c.first_name || ' ' || c.last_name) LIKE $4 OR lower(c.email) LIKE $4 OR lower(c.contact_number) LIKE $4)))
        ORDER BY created_at DESC, invoice_number DESC LIMIT $5`,
      [number, like, query.limit],
      true,
    );
  }

  /** Invoices of the business within the caller's view:invoice locations (and `requested` among them). */
  private async list(auth: AuthContext, requested: string[] | undefined, clause: string, params: unknown[], ordered = false): Promise<Invoice[]> {
    const manager = this.dataSource.manager;
    const scope = this.scope(auth, requested);
    const order = ordered ? '' : 'ORDER BY created_at DESC, invoice_number DESC';
    const sql = clause.startsWith('LIMIT')
      ? `SELECT ${INVOICE_COLUMNS} FROM invoices WHERE business_id = $1 AND ($2::uuid[] IS NULL OR location_id = ANY($2::uuid[])) ORDER BY created_at DESC, invoice_number DESC ${clause}`
      : `SELECT ${INVOICE_COLUMNS} FROM invoices WHERE business_id = $1 AND ($2::uuid[] IS NULL OR location_id = ANY($2::uuid[])) ${clause} ${order}`;
    const rows = (await manager.query(sql, [auth.businessId, scope, ...params])) as InvoiceRow[];
    return costsAsSeen(auth, await buildInvoices(manager, rows, await currencyOf(manager, auth.businessId)));
  }

  /** The location ids a list may show (null: all of the business's). */
  private scope(auth: AuthContext, requested: string[] | undefined): string[] | null {
    const scope = restrictToScope(locationsFor(auth.user, 'view:invoice'), requested);
    return scope.all ? null : [...scope.ids];
  }

  // ---- Writes ------------------------------------------------------------------------------------

  /**
   * A sale. With an Idempotency-Key, the first answer is stored with the sale (same transaction) and
   * a retry answers it again; a concurrent retry waits on the key's row and then answers it.
   */
  async create(auth: AuthContext, input: Out<typeof CreateInvoiceRequestSchema>, idempotencyKey?: string): Promise<Invoice> {
    const hash = idempotencyKey ? createHash('sha256').update(JSON.stringify(input)).digest('hex') : null;
    if (idempotencyKey) {
      const stored = await this.storedAnswer(auth, idempotencyKey, hash!);
      if (stored) return stored;
    }
    const attempt = (whole: boolean) =>
      this.writes.write(auth, { entity: 'Invoice', changes: [...SALE_CHANGES] }, async (manager) => {
        if (idempotencyKey) {
          // Waits for a concurrent request holding the key; if that one committed, replay its answer.
          const claimed = (await manager.query(
            `INSERT INTO idempotency_keys (business_id, user_id, key, request_hash) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING key`,
            [auth.businessId, auth.user.id, idempotencyKey, hash],
          )) as unknown[];
          if (claimed.length === 0) throw new IdempotentReplay();
        }
        // The key's row is given the invoice's id with the sale's rows (writeSaleRows).
        return this.sell(manager, auth, input, whole, idempotencyKey ?? null);
      });
    let sold: Sold;
    try {
      // First with the batches the lines draw from locked; should those not cover a line once
      // locked (another sale took from them meanwhile, or the stock is short), again with every
      // batch of the items locked, which decides (readForSale).
      sold = await attempt(false).catch((error: unknown) => {
        if (error instanceof LockedTooFew) return attempt(true);
        throw error;
      });
    } catch (error) {
      if (!(error instanceof IdempotentReplay)) throw error;
      const stored = await this.storedAnswer(auth, idempotencyKey!, hash!);
      if (!stored) throw new AppError('CONFLICT', 'The same sale is being made by another request; try again.');
      return stored;
    }
    this.metrics.sales.inc();
    const answer = sold.invoice;
    // The sale is committed and answered whatever follows: a retry with the key answers this
    // answer once kept, or (should keeping it fail) the sale as it then is, from the id kept with it.
    if (idempotencyKey) {
      await this.keep(this.dataSource.manager, auth, idempotencyKey, { invoice: answer }).catch((error: unknown) =>
        this.logger.warn(`Invoice #${answer.invoiceNumber}: its answer was not kept for its Idempotency-Key (${error instanceof Error ? error.message : String(error)})`),
      );
    }
    await this.linkMail.afterSale(sold.business, answer);
    return answer;
  }

  /** Stores a committed sale's whole answer for its key (the sale's own statement kept its invoice's id there). */
  private async keep(manager: EntityManager, auth: AuthContext, key: string, body: { invoice: Invoice }): Promise<void> {
    await manager.query(`UPDATE idempotency_keys SET status = 201, body = $4 WHERE business_id = $1 AND user_id = $2 AND key = $3`, [
      auth.businessId,
      auth.user.id,
      key,
      JSON.stringify(body),
    ]);
  }

  private async storedAnswer(auth: AuthContext, key: string, hash: string): Promise<Invoice | null> {
    const [row] = (await this.dataSource.query(`SELECT request_hash, body FROM idempotency_keys WHERE business_id = $1 AND user_id = $2 AND key = $3`, [
      auth.businessId,
      auth.user.id,
      key,
    ])) as { request_hash: string; body: { invoice: Invoice } | { invoiceId: string } | null }[];
    if (!row) return null;
    if (row.request_hash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for a different sale. Use a new key for a new sale.');
    if (!row.body) return null;
    // The first answer; or, if the process stopped between the commit and storing it, the sale as it is.
    return 'invoice' in row.body ? row.body.invoice : this.get(auth, row.body.invoiceId);
  }

  private async sell(manager: EntityManager, auth: AuthContext, input: Out<typeof CreateInvoiceRequestSchema>, whole: boolean, idempotencyKey: string | null): Promise<Written<Sold>> {
    const reads = await readForSale(manager, auth.businessId, input.locationID, input.items, whole);
    const { location, settings: business, items, batches, rates } = reads;
    assertCan(auth.user, 'create:invoice', location);
    const notSelling = sellingLocationProblem(location);
    if (notSelling) throw refused(notSelling);
    const customer = input.customer ? await this.customers.forSale(manager, auth, input.customer) : null;
    const missing = input.items.findIndex((line) => !items.has(line.itemID));
    if (missing >= 0) {
      const message = 'No such simple item or variant in your business.';
      throw new AppError('NOT_FOUND', message, { [`items.${missing}.itemID`]: [message] });
    }
    const lines = input.items.map((line) => {
      const item = items.get(line.itemID)!;
      return {
        itemID: line.itemID,
        quantity: line.quantity,
        price: line.price ?? item.price,
        discount: line.discount,
        stockValuationMethod: line.stockValuationMethod ?? null,
        tax: saleTaxRate({ own: item.tax, parent: item.parentTax, locationDefault: location.taxRateId }, rates),
      };
    });
    // Another price or a discount only with price:invoice / discount:invoice here; nothing is written before.
    const control = priceControlRefusal(
      lines.map((line) => ({ price: line.price, discount: line.discount, listPrice: items.get(line.itemID)!.price })),
      { price: can(auth.user, 'price:invoice', location.id), discount: can(auth.user, 'discount:invoice', location.id) },
    );
    if (control) {
      const item = items.get(lines[control.index]!.itemID)!;
      const name = item.variantName ? `${item.itemName} (${item.variantName})` : item.itemName;
      const own = formatMoney(new Big(item.price).toFixed(MINOR_UNIT_DIGITS[business.currency], Big.roundHalfUp), business.currency);
      const message =
        control.action === 'price:invoice'
          ? `Selling ${name} at a price other than its own (${own}) needs the price:invoice permission at ${location.name}.`
          : `A discount on ${name} needs the discount:invoice permission at ${location.name}.`;
      throw new AppError('FORBIDDEN', message, { [control.field]: [message] });
    }
    const taken = this.takenPayments(
      input,
      () => invoiceTotals(lines.map((line) => ({ ...line, taxRate: line.tax.rate, cost: '0' })), null, business.currency, business.pricesIncludeTax).grandTotal,
    );
    const plan = planSale({
      currency: business.currency,
      valuationMethod: business.method,
      pricesIncludeTax: business.pricesIncludeTax,
      lines,
      batches,
      payments: taken,
      paymentDueDate: input.paymentDueDate,
    });
    if (!plan.ok) {
      const problem = plan.problem;
      if (problem.code === 'INSUFFICIENT_STOCK' && !whole) throw new LockedTooFew();
      if (problem.code === 'INSUFFICIENT_STOCK') {
        const item = items.get(problem.itemID)!;
        const name = item.variantName ? `${item.itemName} (${item.variantName})` : item.itemName;
        throw refused(problem, `Not enough ${name} at ${location.name}: ${problem.asked} asked, ${problem.onHand} on hand.`);
      }
      // The specification's one method and amount: its refusals name those fields.
      const field = !input.payments && 'field' in problem ? problem.field.replace(/^payments\.0\.amount$/, 'paidAmount').replace(/^payments\.0\.paymentMethod$/, 'paymentMethod') : undefined;
      throw refused(problem, problem.message, field);
    }

    const written = await writeSaleRows(manager, {
      businessId: auth.businessId,
      locationId: location.id,
      customerId: input.customer,
      userId: auth.user.id,
      paymentMethod: plan.payments[0]?.method ?? input.paymentMethod,
      paymentDueDate: input.paymentDueDate,
      link: newLink(),
      pricesIncludeTax: business.pricesIncludeTax,
      plan,
      idempotencyKey,
    });
    const invoiceId = written.id;
    await this.customers.refreshTotal(manager, input.customer);
    // What a sale serialises on comes last (issue 25, rules 1 and 2), in one statement: the
    // location's balances (every sale there), then the business's next number (every sale of the
    // business; no gap: a rollback gives it back; no duplicate: the row lock) and the activity
    // entry that names it. The counter's row is taken from the location's (it reads `place`), so
    // every sale locks the two in one order. The report's hour row is locked at COMMIT (a deferred
    // trigger), and the event is sent after it. So both are held for one round trip and COMMIT.
    // It answers the number taken, the one thing of the answer the sale did not know before.
    const posting = ledgerPosting({ businessId: auth.businessId, userId: auth.user.id, locationId: location.id, invoiceId }, plan.movements);
    const name = posting.params.length + 1;
    const [entered] = await preparedQuery<{ invoice_number: number }>(
      manager,
      'sale-ledger-number-and-entry',
      `WITH ${posting.ctes},
       next AS (
         INSERT INTO invoice_counters (business_id, last_number) SELECT $1, 1 FROM place
         ON CONFLICT (business_id) DO UPDATE SET last_number = invoice_counters.last_number + 1 RETURNING last_number),
       numbered AS (UPDATE invoices SET invoice_number = next.last_number FROM next WHERE invoices.id = $4 RETURNING invoices.invoice_number),
       entry AS (
         INSERT INTO activities (business_id, user_id, location_ids, action, entity, description)
         SELECT $1, $3, ARRAY[$2::uuid], 'Created', 'Invoice', 'Created invoice #' || numbered.invoice_number || ' at ' || $${name} FROM numbered)
       SELECT invoice_number FROM numbered`,
      [...posting.params, location.name],
    );
    if (!entered) throw new Error(`sale: location ${location.id} was not found to post the sale to`);
    const invoice = soldInvoice(written, {
      number: entered.invoice_number,
      topOf: (itemId) => items.get(itemId)!.topId,
      named: reads.named,
      customer,
      seller: auth.user,
      currency: business.currency,
    });
    return { value: { invoice: costsAsSeen(auth, invoice), business: reads.business }, recorded: true };
  }

  async addPayment(auth: AuthContext, input: Out<typeof AddPaymentRequestSchema>, idempotencyKey?: string): Promise<Invoice> {
    return this.change(auth, input.invoiceID, 'payment:invoice', MONEY_CHANGES, async (manager, row, location, currency) => {
      const plan = addPayment({ grandTotal: row.grand_total, paidAmount: row.paid_amount, deletedAt: row.deleted_at }, input.amount, currency, input.paymentMethod);
      if (!plan.ok) throw refused(plan.problem);
      await manager.query(`UPDATE invoices SET paid_amount = $2, outstanding = $3, settled = $4, credit = $5, updated_at = now() WHERE id = $1`, [
        row.id,
        plan.payment.paidAmount,
        plan.payment.outstanding,
        plan.payment.settled,
        plan.payment.credit,
      ]);
      await manager.query(`INSERT INTO invoice_payments (invoice_id, user_id, amount, payment_method, date) VALUES ($1, $2, $3, $4, coalesce($5::timestamptz, now()))`, [
        row.id,
        auth.user.id,
        plan.movement.amount,
        input.paymentMethod,
        input.date ?? null,
      ]);
      await this.ledger.post(manager, { businessId: auth.businessId, userId: auth.user.id, locationId: location.id, invoiceId: row.id }, [plan.movement]);
      return `Added a payment of ${moneyShown(plan.movement.amount, currency)} (${PAYMENT_METHOD_LABELS[input.paymentMethod]}) to invoice #${row.invoice_number}`;
    }, 'Updated', idempotencyKey ? { key: idempotencyKey, request: input } : undefined);
  }

  async refund(auth: AuthContext, input: Out<typeof RefundRequestSchema>, idempotencyKey?: string): Promise<Invoice> {
    const refunded = await this.change(auth, input.invoiceID, 'refund:invoice', SALE_CHANGES, async (manager, row, location, currency) => {
      const recorded = await this.recorded(manager, row);
      const plan = planRefund(recorded, { lines: input.items.map((item) => ({ lineId: item.lineID, quantity: item.quantity })), amount: input.amount ?? null }, currency);
      if (!plan.ok) throw refused(plan.problem, plan.problem.message, 'field' in plan.problem ? plan.problem.field.replace(/\.lineId$/, '.lineID') : undefined);
      await this.stock.lockBatches(manager, auth.businessId, plan.restock.map((movement) => movement.batchId));
      await this.stock.applyMovements(manager, auth.businessId, plan.restock);
      await this.recordReturns(manager, plan.returns, true);
      const { totals, payment, creditNote } = plan;
      await manager.query(
        `UPDATE invoices SET paid_amount = $2, outstanding = $3, settled = $4, credit = $5, total_amount = $6, total_discount = $7, total_quantity = $8,
                total_cost = $9, grand_total = $10, net_result = $11, total_tax = $12, refunded = $13, refunded_grand_total = refunded_grand_total + $14,
                refunded_total_tax = refunded_total_tax + $15, refunded_total_cost = refunded_total_cost + $16, updated_at = now() WHERE id = $1`,
        [
          row.id, payment.paidAmount, payment.outstanding, payment.settled, payment.credit, totals.totalAmount, totals.totalDiscount, totals.totalQuantity,
          totals.totalCost, totals.grandTotal, totals.netResult, totals.totalTax, plan.fullyRefunded, creditNote.grandTotal, creditNote.totalTax, creditNote.totalCost,
        ],
      );
      await this.customers.refreshTotal(manager, row.customer_id);
      await this.ledger.post(manager, { businessId: auth.businessId, userId: auth.user.id, locationId: location.id, invoiceId: row.id }, await this.paidBack(manager, row.id, plan.movement, input.paymentMethod));
      // Last: the credit note with the business's next credit note number (gapless as an invoice's:
      // the counter's row lock orders concurrent refunds, a rollback gives the number back), in one statement.
      const [{ credit_note_number: number }] = (await manager.query(
        `WITH next AS (
           INSERT INTO credit_note_counters (business_id, last_number) VALUES ($1, 1)
           ON CONFLICT (business_id) DO UPDATE SET last_number = credit_note_counters.last_number + 1 RETURNING last_number
         ), note AS (
           INSERT INTO credit_notes (business_id, location_id, invoice_id, credit_note_number, user_id, total_amount, total_discount, total_quantity, total_tax,
                                     grand_total, total_cost, amount_paid_back, payment_method)
           SELECT $1, $2, $3, next.last_number, $4, $5, $6, $7, $8, $9, $10, $11, $12 FROM next RETURNING id, credit_note_number
         ), lines AS (
           INSERT INTO credit_note_lines (credit_note_id, line_id, quantity, total, tax, cost)
           SELECT note.id, l.* FROM note CROSS JOIN unnest($13::uuid[], $14::numeric[], $15::numeric[], $16::numeric[], $17::numeric[]) AS l
         )
         SELECT credit_note_number FROM note`,
        [
          auth.businessId, location.id, row.id, auth.user.id, creditNote.totalAmount, creditNote.totalDiscount, creditNote.totalQuantity, creditNote.totalTax,
          creditNote.grandTotal, creditNote.totalCost, creditNote.amountPaidBack, input.paymentMethod ?? null,
          creditNote.lines.map((line) => line.lineId), creditNote.lines.map((line) => line.quantity), creditNote.lines.map((line) => line.total),
          creditNote.lines.map((line) => line.tax), creditNote.lines.map((line) => line.cost),
        ],
      )) as { credit_note_number: number }[];
      return `Credit note #${number} of ${moneyShown(creditNote.grandTotal, currency)} for invoice #${row.invoice_number} at ${location.name}`;
      // Counted once made: a retry answered again for its Idempotency-Key made nothing.
    }, 'Updated', idempotencyKey ? { key: idempotencyKey, request: input } : undefined, () => this.metrics.refunds.inc());
    return refunded;
  }

  /** DELETE: cancels the invoice; it stays readable, marked cancelled. */
  async cancel(auth: AuthContext, id: string): Promise<Invoice> {
    return this.change(auth, id, 'delete:invoice', SALE_CHANGES, async (manager, row, location, currency) => {
      const plan = planCancel(await this.recorded(manager, row), currency);
      if (!plan.ok) throw refused(plan.problem);
      await this.stock.lockBatches(manager, auth.businessId, plan.restock.map((movement) => movement.batchId));
      await this.stock.applyMovements(manager, auth.businessId, plan.restock);
      await this.recordReturns(manager, plan.returns, false);
      await manager.query(`UPDATE invoices SET deleted_at = now(), deleted_by = $2, updated_at = now() WHERE id = $1`, [row.id, auth.user.id]);
      // The whole sale leaves the reports, its credit notes' part with it (they stay readable).
      await manager.query(`UPDATE credit_notes SET voided_at = now() WHERE invoice_id = $1 AND voided_at IS NULL`, [row.id]);
      await this.customers.refreshTotal(manager, row.customer_id);
      await this.ledger.post(manager, { businessId: auth.businessId, userId: auth.user.id, locationId: location.id, invoiceId: row.id }, await this.paidBack(manager, row.id, plan.movement));
      return `Cancelled invoice #${row.invoice_number} at ${location.name}`;
    }, 'Deleted');
  }

  async revokeLink(auth: AuthContext, id: string): Promise<Invoice> {
    return this.change(auth, id, 'create:invoice', ['invoices'], async (manager, row) => {
      await manager.query(`UPDATE invoices SET link = NULL, updated_at = now() WHERE id = $1`, [row.id]);
      return `Revoked the public link of invoice #${row.invoice_number}`;
    });
  }

  async reissueLink(auth: AuthContext, id: string): Promise<Invoice> {
    return this.change(auth, id, 'create:invoice', ['invoices'], async (manager, row) => {
      await manager.query(`UPDATE invoices SET link = $2, updated_at = now() WHERE id = $1`, [row.id, newLink()]);
      return `Issued a new public link for invoice #${row.invoice_number}`;
    });
  }

  /**
   * Send to the customer: the public link e-mailed to the invoice's customer now (the sale's own
   * mail follows the business's notification setting; this one is asked for). Refused with 409 when
   * the customer has no e-mail address or the link was revoked. Recorded in the activity log.
   */
  async sendLink(auth: AuthContext, id: string): Promise<Invoice> {
    const invoice = await this.change(auth, id, 'create:invoice', [], async (manager, row) => {
      const [customer] = row.customer_id ? ((await manager.query(`SELECT email FROM customers WHERE id = $1`, [row.customer_id])) as { email: string }[]) : [];
      if (!customer?.email) throw new AppError('CONFLICT', 'This invoice has no customer with an e-mail address: choose one with an address to send it.');
      if (!row.link) throw new AppError('CONFLICT', 'This invoice has no public link (it was revoked): make a new link first.');
      return `Sent invoice #${row.invoice_number} to ${customer.email}`;
    });
    await this.linkMail.sendNow(auth.businessId, invoice);
    return invoice;
  }

  /** A change of one invoice: locked first, checked at its location, written through WritePath, read back as seen. */
  private change(
    auth: AuthContext,
    id: string,
    action: PermissionAction,
    changes: readonly (typeof SALE_CHANGES)[number][],
    work: (manager: EntityManager, row: InvoiceRow, location: Place, currency: CurrencyCode) => Promise<string>,
    activity: 'Updated' | 'Deleted' = 'Updated',
    idempotent?: { key: string; request: unknown },
    committed?: () => void,
  ): Promise<Invoice> {
    return this.writes.write(
      auth,
      { entity: 'Invoice', changes: [...changes], idempotent, committed, readBack: async (manager, invoiceId: string) => this.asSeen(manager, auth, await this.row(manager, auth, invoiceId, false)) },
      async (manager) => {
        const row = await this.row(manager, auth, id, true);
        const location = await this.assertAt(manager, auth, action, row.location_id);
        const description = await work(manager, row, location, await currencyOf(manager, auth.businessId));
        return { value: row.id, action: activity, description, locationIds: [location.id] };
      },
    );
  }

  /** Records returns on their draws (and, for a refund, on their lines' refunded quantity). */
  private async recordReturns(manager: EntityManager, returns: readonly { lineId: string; batchId: string; quantity: string }[], refund: boolean): Promise<void> {
    if (returns.length === 0) return;
    const params = [returns.map((r) => r.lineId), returns.map((r) => r.batchId), returns.map((r) => r.quantity)];
    await manager.query(
      `UPDATE invoice_line_draws d SET returned = d.returned + r.quantity FROM unnest($1::uuid[], $2::uuid[], $3::numeric[]) AS r(line_id, batch_id, quantity)
        WHERE d.line_id = r.line_id AND d.batch_id = r.batch_id`,
      params,
    );
    if (refund) {
      await manager.query(
        `UPDATE invoice_lines l SET refunded_quantity = l.refunded_quantity + r.quantity
           FROM (SELECT line_id, sum(quantity) AS quantity FROM unnest($1::uuid[], $2::uuid[], $3::numeric[]) AS x(line_id, batch_id, quantity) GROUP BY line_id) r
          WHERE l.id = r.line_id`,
        params,
      );
    }
  }

  /** The invoice as the domain reads it for a refund or cancellation. */
  private async recorded(manager: EntityManager, row: InvoiceRow): Promise<RecordedInvoice> {
    const { lines, draws } = await readLines(manager, [row.id]);
    return {
      paidAmount: row.paid_amount,
      deletedAt: row.deleted_at,
      pricesIncludeTax: row.prices_include_tax,
      lines: lines.map((line) => ({
        lineId: line.id,
        price: line.price,
        discount: line.discount,
        taxRate: line.tax_rate,
        draws: draws.filter((draw) => draw.line_id === line.id).map((draw) => ({ batchId: draw.batch_id, quantity: draw.quantity, unitCost: draw.unit_cost, returned: draw.returned })),
      })),
    };
  }

  // ---- Helpers -----------------------------------------------------------------------------------

  /**
   * The payments a sale request takes: its `payments`, or the specification's one method and amount
   * (left out: paid in full, or nothing on Credit).
   */
  private takenPayments(input: Out<typeof CreateInvoiceRequestSchema>, grandTotal: () => string): TakenPayment[] {
    if (input.payments) return input.payments.map((paid) => ({ method: paid.paymentMethod, amount: paid.amount, tendered: paid.tendered ?? null }));
    const method = input.paymentMethod;
    return paymentsOf(method, input.paidAmount ?? (method === 'Credit' ? null : grandTotal()));
  }

  /**
   * A refund's or a cancellation's money back, split over the ways the invoice's money came in
   * (payBack): what each method holds is the sum of the invoice's transactions by that method.
   */
  private async paidBack(manager: EntityManager, invoiceId: string, movement: LedgerMovement, method?: HeldMoney['method']): Promise<LedgerMovement[]> {
    const held = (await manager.query(
      `SELECT payment_method AS method, sum(amount)::text AS amount FROM transactions WHERE invoice_id = $1 AND payment_method IS NOT NULL
        GROUP BY payment_method ORDER BY max(created_at) FILTER (WHERE amount > 0) NULLS FIRST`,
      [invoiceId],
    )) as HeldMoney[];
    return payBackMovements(payBack(held, movement.amount.replace(/^-/, ''), method), movement.creditChange);
  }

  private async row(manager: EntityManager, auth: AuthContext, id: string, lock: boolean): Promise<InvoiceRow> {
    const [row] = (await preparedQuery(manager, 'invoice-row', `SELECT ${INVOICE_COLUMNS} FROM invoices WHERE id = $1 AND business_id = $2 ${lock ? 'FOR UPDATE' : ''}`, [
      id,
      auth.businessId,
    ])) as InvoiceRow[];
    if (!row) throw AppError.notFound('No such invoice in your business.');
    return row;
  }

  private async asSeen(manager: EntityManager, auth: AuthContext, row: InvoiceRow): Promise<Invoice> {
    const [invoice] = await buildInvoices(manager, [row], await currencyOf(manager, auth.businessId));
    return costsAsSeen(auth, invoice!);
  }

  private async assertAt(manager: EntityManager, auth: AuthContext, action: PermissionAction, locationId: string): Promise<Place> {
    const location = await locationOf(manager, auth.businessId, locationId);
    assertCan(auth.user, action, location);
    return location;
  }

}
