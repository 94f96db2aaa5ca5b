import Big from 'big.js';
import type { EntityManager } from 'typeorm';
import type { CurrencyCode } from '@stockbook/domain';
import { drawsCost, lineAmounts, moneyText, quantityText, taxBreakdown, type PaymentMethod, type ReceivingMethod, type ValuationMethod } from '@stockbook/domain';
import type { CreditNote, Invoice, InvoiceFigures, InvoiceLine } from '@stockbook/contracts';
import { preparedQuery } from '../../common/database/prepared-query';

/** An invoice row as the services read it (money as text). */
export interface InvoiceRow {
  id: string;
  business_id: string;
  location_id: string;
  invoice_number: number;
  customer_id: string | null;
  user_id: string;
  payment_method: PaymentMethod;
  payment_due_date: Date | null;
  paid_amount: string;
  link: string | null;
  total_amount: string;
  total_discount: string;
  total_quantity: string;
  total_cost: string;
  grand_total: string;
  outstanding: string;
  net_result: string;
  prices_include_tax: boolean;
  total_tax: string;
  settled: boolean;
  credit: boolean;
  refunded: boolean;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  deleted_by: string | null;
}

export const INVOICE_COLUMNS = `id, business_id, location_id, invoice_number, customer_id, user_id, payment_method, payment_due_date, paid_amount::text, link,
  total_amount::text, total_discount::text, total_quantity::text, total_cost::text, grand_total::text, outstanding::text, net_result::text,
  prices_include_tax, total_tax::text, settled, credit, refunded, created_at, updated_at, deleted_at, deleted_by`;

export interface LineRow {
  id: string;
  invoice_id: string;
  item_id: string;
  top_id: string;
  item_name: string;
  variant_name: string | null;
  simple_item: boolean;
  quantity: string;
  refunded_quantity: string;
  price: string;
  discount: string;
  tax_rate_id: string | null;
  tax_name: string | null;
  tax_rate: string;
  stock_valuation_method: ValuationMethod;
}

export interface DrawRow {
  line_id: string;
  batch_id: string;
  quantity: string;
  unit_cost: string;
  returned: string;
}

/** A line's columns (over invoice_lines l joined to its item i), its draws as JSON in draw order. */
const LINE_COLUMNS = `l.id, l.invoice_id, l.position, l.item_id, coalesce(i.parent_id, i.id) AS top_id, l.item_name, l.variant_name, l.simple_item, l.quantity::text,
  l.refunded_quantity::text, l.price::text, l.discount::text, l.tax_rate_id, l.tax_name, l.tax_rate::text, l.stock_valuation_method,
  (SELECT coalesce(json_agg(json_build_object('line_id', d.line_id, 'batch_id', d.batch_id, 'quantity', d.quantity::text, 'unit_cost', d.unit_cost::text,
                                             'returned', d.returned::text) ORDER BY d.position), '[]')
     FROM invoice_line_draws d WHERE d.line_id = l.id) AS draws`;

type LineWithDraws = LineRow & { draws: DrawRow[] };
const splitDraws = (rows: readonly LineWithDraws[]) => ({ lines: rows.map(({ draws: _draws, ...line }) => line), draws: rows.flatMap((row) => row.draws) });

/** The lines of invoices (in position order) and their draws (in draw order), in one round trip. */
export async function readLines(manager: EntityManager, invoiceIds: readonly string[]): Promise<{ lines: LineRow[]; draws: DrawRow[] }> {
  const rows = (await preparedQuery(
    manager,
    'invoice-lines',
    `SELECT ${LINE_COLUMNS} FROM invoice_lines l JOIN items i ON i.id = l.item_id WHERE l.invoice_id = ANY($1::uuid[]) ORDER BY l.invoice_id, l.position`,
    [invoiceIds],
  )) as LineWithDraws[];
  return splitDraws(rows);
}

interface CreditNoteRow {
  id: string;
  invoice_id: string;
  invoice_number: number;
  credit_note_number: number;
  location_id: string;
  total_amount: string;
  total_discount: string;
  total_quantity: string;
  total_tax: string;
  grand_total: string;
  total_cost: string;
  amount_paid_back: string;
  payment_method: ReceivingMethod | null;
  created_at: Date | string;
  user_id: string;
  first_name: string;
  last_name: string;
  items: CreditNote['items'];
}

/** A credit note's columns, its lines as JSON (named as their invoice lines), its invoice's number and who made it. */
const CREDIT_NOTE_SELECT = `SELECT c.id, c.invoice_id, i.invoice_number, c.credit_note_number, c.location_id, c.total_amount::text, c.total_discount::text,
            c.total_quantity::text, c.total_tax::text, c.grand_total::text, c.total_cost::text, c.amount_paid_back::text, c.payment_method, c.created_at,
            u.id AS user_id, u.first_name, u.last_name,
            (SELECT json_agg(json_build_object('lineID', n.line_id, 'itemName', l.item_name, 'variantName', l.variant_name, 'quantity', n.quantity::text, 'price', l.price::text,
                                               'discount', l.discount::text, 'total', n.total::text, 'tax', n.tax::text, 'cost', n.cost::text) ORDER BY l.position)
               FROM credit_note_lines n JOIN invoice_lines l ON l.id = n.line_id WHERE n.credit_note_id = c.id) AS items
       FROM credit_notes c JOIN invoices i ON i.id = c.invoice_id JOIN users u ON u.id = c.user_id`;

/**
 * Credit notes matching `where` (over credit_notes c, with `params`), in `order`, each with its
 * lines named as their invoice lines, its invoice's number and who made it. Costs are all here.
 */
export async function readCreditNotes(manager: EntityManager, where: string, params: unknown[], order: string): Promise<CreditNote[]> {
  const rows = (await preparedQuery(manager, 'credit-notes', `${CREDIT_NOTE_SELECT} WHERE ${where} ORDER BY ${order}`, params)) as CreditNoteRow[];
  return rows.map(toCreditNote);
}

function toCreditNote(note: CreditNoteRow): CreditNote {
  return {
    _id: note.id,
    creditNoteNumber: note.credit_note_number,
    invoiceID: note.invoice_id,
    invoiceNumber: note.invoice_number,
    locationID: note.location_id,
    items: note.items ?? [],
    totalAmount: note.total_amount,
    totalDiscount: note.total_discount,
    totalQuantity: note.total_quantity,
    totalTax: note.total_tax,
    grandTotal: note.grand_total,
    totalCost: note.total_cost,
    amountPaidBack: note.amount_paid_back,
    paymentMethod: note.payment_method,
    createdAt: isoOf(note.created_at),
    user: { _id: note.user_id, firstName: note.first_name, lastName: note.last_name },
  };
}

/**
 * The categories of the items `tops` (SQL giving their top items' ids) and the attribute values
 * of the items `items` (SQL giving ids), as one JSON column (InvoiceParts' `named`): what an
 * invoice's lines name besides themselves. A sale reads them with its items (sale-reads.ts), an
 * invoice read with its lines (invoicePartsColumns).
 */
export function namedColumn(tops: string, items: string): string {
  return `(SELECT coalesce(json_agg(x ORDER BY x.kind, x.first, x.second), '[]') FROM (
      SELECT 'category' AS kind, ic.item_id, c.id, c.name AS value, NULL::uuid AS attribute_id, NULL::text AS attribute_name, c.name AS first, NULL::text AS second
        FROM item_categories ic JOIN categories c ON c.id = ic.category_id WHERE ic.item_id IN (${tops})
      UNION ALL
      SELECT 'value', iav.item_id, v.id, v.value, a.id, a.name, a.name, v.value
        FROM item_attribute_values iav JOIN attribute_values v ON v.id = iav.attribute_value_id JOIN attributes a ON a.id = v.attribute_id
       WHERE iav.item_id IN (${items})) x)`;
}

/**
 * What an invoice shows beyond its own row, for the invoices, sellers and customers whose ids the
 * SQL expressions `ids`, `users` and `customers` (each a uuid[]) give: its lines with their draws,
 * the categories and attribute values of their items, its payments, credit notes, customer and
 * seller. They are JSON columns, so one statement reads them all, and a caller reading the
 * invoice's row can add them to its own statement (one round trip for a whole invoice).
 */
export function invoicePartsColumns(ids: string, users: string, customers: string): string {
  const json = (rows: string, order: string) => `(SELECT coalesce(json_agg(x ORDER BY ${order}), '[]') FROM (${rows}) x)`;
  return [
    `${json(`SELECT ${LINE_COLUMNS} FROM invoice_lines l JOIN items i ON i.id = l.item_id WHERE l.invoice_id = ANY(${ids})`, 'x.invoice_id, x.position')} AS lines`,
    `${namedColumn(
      `SELECT coalesce(i.parent_id, i.id) FROM invoice_lines l JOIN items i ON i.id = l.item_id WHERE l.invoice_id = ANY(${ids})`,
      `SELECT l.item_id FROM invoice_lines l WHERE l.invoice_id = ANY(${ids})`,
    )} AS named`,
    `${json(
      `SELECT p.id, p.invoice_id, p.amount::text, p.payment_method, p.date, p.at_sale, p.tendered::text, (p.tendered - p.amount)::text AS change,
              u.id AS user_id, u.first_name, u.last_name, p.created_at, p.position
         FROM invoice_payments p JOIN users u ON u.id = p.user_id WHERE p.invoice_id = ANY(${ids})`,
      'x.at_sale DESC, x.date, x.created_at, x.position, x.id',
    )} AS payments`,
    `${json(`${CREDIT_NOTE_SELECT} WHERE c.invoice_id = ANY(${ids})`, 'x.credit_note_number')} AS credit_notes`,
    `${json(`SELECT id, first_name, last_name, email, contact_number, address FROM customers WHERE id = ANY(${customers})`, 'x.id')} AS customers`,
    `${json(`SELECT id, first_name, last_name FROM users WHERE id = ANY(${users})`, 'x.id')} AS users`,
  ].join(',\n       ');
}

/** The columns `invoicePartsColumns` reads (dates as JSON's text). */
export interface InvoiceParts {
  lines: LineWithDraws[];
  named: { kind: 'category' | 'value'; item_id: string; id: string; value: string; attribute_id: string; attribute_name: string }[];
  payments: {
    id: string;
    invoice_id: string;
    amount: string;
    payment_method: PaymentMethod;
    date: string;
    at_sale: boolean;
    tendered: string | null;
    change: string | null;
    user_id: string;
    first_name: string;
    last_name: string;
  }[];
  credit_notes: CreditNoteRow[];
  customers: { id: string; first_name: string; last_name: string; email: string; contact_number: string; address: string }[];
  users: { id: string; first_name: string; last_name: string }[];
}

/** Σ of figures, each field exactly (4 places; quantities 3). */
function sumFigures(all: readonly InvoiceFigures[]): InvoiceFigures {
  const total = (pick: (figures: InvoiceFigures) => string | undefined) => all.reduce((sum, figures) => sum.plus(pick(figures) ?? 0), new Big(0));
  return {
    totalAmount: moneyText(total((f) => f.totalAmount)),
    totalDiscount: moneyText(total((f) => f.totalDiscount)),
    totalQuantity: quantityText(total((f) => f.totalQuantity)),
    totalTax: moneyText(total((f) => f.totalTax)),
    grandTotal: moneyText(total((f) => f.grandTotal)),
    totalCost: moneyText(total((f) => f.totalCost)),
  };
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);
/** A timestamp as the API shows it, from a column (Date) or from JSON (PostgreSQL's ISO text). */
const isoOf = (value: Date | string) => new Date(value).toISOString();
const group = <T, K extends keyof T>(rows: readonly T[], key: K) => {
  const map = new Map<T[K], T[]>();
  for (const row of rows) map.set(row[key], [...(map.get(row[key]) ?? []), row]);
  return map;
};

/**
 * Invoices as the API shows them (specification field names), in the order of `rows`: lines with
 * their draws, categories and attribute values, payments, refunds, customer and seller. Every
 * figure of a line comes from the domain (lineAmounts, drawsCost). Costs are all here; the
 * caller passes the answer through `costsAsSeen`.
 */
export async function buildInvoices(manager: EntityManager, rows: readonly InvoiceRow[], currency: CurrencyCode): Promise<Invoice[]> {
  if (rows.length === 0) return [];
  const customerIds = [...new Set(rows.flatMap((row) => (row.customer_id ? [row.customer_id] : [])))];
  const [parts] = await preparedQuery<InvoiceParts>(
    manager,
    'invoice-parts',
    `SELECT ${invoicePartsColumns('$1::uuid[]', '$2::uuid[]', '$3::uuid[]')}`,
    [rows.map((row) => row.id), [...new Set(rows.map((row) => row.user_id))], customerIds],
  );
  return assembleInvoices(rows, parts!, currency);
}

/** `buildInvoices` from parts already read (with the rows, by a caller that added `invoicePartsColumns` to its statement). */
export function assembleInvoices(rows: readonly InvoiceRow[], parts: InvoiceParts, currency: CurrencyCode): Invoice[] {
  const { lines, draws } = splitDraws(parts.lines);
  const categories = parts.named.filter((row) => row.kind === 'category').map((row) => ({ item_id: row.item_id, id: row.id, name: row.value }));
  const values = parts.named.filter((row) => row.kind === 'value');
  const payments = parts.payments;
  const creditNotes = parts.credit_notes.map(toCreditNote);
  const customers = parts.customers;
  const users = parts.users;
  const linesOf = group(lines, 'invoice_id');
  const drawsOf = group(draws, 'line_id');
  const categoriesOf = group(categories, 'item_id');
  const valuesOf = group(values, 'item_id');
  const paymentsOf = group(payments, 'invoice_id');
  const creditNotesOf = group(creditNotes, 'invoiceID');
  const customerById = new Map(customers.map((customer) => [customer.id, customer]));
  const userById = new Map(users.map((user) => [user.id, user]));

  const toLine = (line: LineRow, pricesIncludeTax: boolean): InvoiceLine => {
    const lineDraws = (drawsOf.get(line.id) ?? []).map((draw) => ({ batchId: draw.batch_id, quantity: draw.quantity, unitCost: draw.unit_cost, returned: draw.returned }));
    const quantity = quantityText(new Big(line.quantity).minus(line.refunded_quantity));
    const amounts = lineAmounts({ quantity, price: line.price, discount: line.discount, taxRate: line.tax_rate }, currency, pricesIncludeTax);
    return {
      _id: line.id,
      itemID: line.item_id,
      itemName: line.item_name,
      variantName: line.variant_name,
      simpleItem: line.simple_item,
      category: (categoriesOf.get(line.top_id) ?? []).map((category) => ({ _id: category.id, name: category.name })),
      quantity,
      soldQuantity: line.quantity,
      refundedQuantity: line.refunded_quantity,
      price: line.price,
      discount: line.discount,
      total: amounts.total,
      taxRateID: line.tax_rate_id,
      taxName: line.tax_name,
      taxRate: line.tax_rate,
      tax: amounts.tax,
      stockValuationMethod: line.stock_valuation_method,
      cost: drawsCost(lineDraws),
      batch: lineDraws.map((draw) => ({ batchID: draw.batchId, quantity: draw.quantity, cost: draw.unitCost, returned: draw.returned })),
      attributes: (valuesOf.get(line.item_id) ?? []).map((value) => ({ _id: value.id, value: value.value, attribute: { _id: value.attribute_id, name: value.attribute_name } })),
      deletedAt: null,
      deletedBy: null,
    };
  };

  return rows.map((row) => {
    const customer = row.customer_id ? customerById.get(row.customer_id) : undefined;
    const user = userById.get(row.user_id);
    const items = (linesOf.get(row.id) ?? []).map((line) => toLine(line, row.prices_include_tax));
    const notes = creditNotesOf.get(row.id) ?? [];
    const refundedTotals = sumFigures(notes);
    const net: InvoiceFigures = {
      totalAmount: row.total_amount,
      totalDiscount: row.total_discount,
      totalQuantity: row.total_quantity,
      totalTax: row.total_tax,
      grandTotal: row.grand_total,
      totalCost: row.total_cost,
    };
    return {
      _id: row.id,
      locationID: row.location_id,
      invoiceNumber: row.invoice_number,
      customer: customer
        ? { _id: customer.id, firstName: customer.first_name, lastName: customer.last_name, email: customer.email, contactNumber: customer.contact_number, address: customer.address }
        : null,
      user: { _id: row.user_id, firstName: user?.first_name ?? '', lastName: user?.last_name ?? '' },
      items,
      paymentMethod: row.payment_method,
      paymentDueDate: iso(row.payment_due_date),
      paidAmount: row.paid_amount,
      link: row.link,
      totalAmount: row.total_amount,
      totalCost: row.total_cost,
      totalDiscount: row.total_discount,
      totalQuantity: row.total_quantity,
      pricesIncludeTax: row.prices_include_tax,
      totalTax: row.total_tax,
      taxes: taxBreakdown(items, row.prices_include_tax),
      grandTotal: row.grand_total,
      outstanding: row.outstanding,
      netResult: row.net_result,
      settled: row.settled,
      credit: row.credit,
      refunded: row.refunded,
      partiallyRefunded: notes.length > 0 && !row.refunded,
      sold: sumFigures([net, refundedTotals]),
      refundedTotals,
      payments: (paymentsOf.get(row.id) ?? []).map((payment) => ({
        _id: payment.id,
        amount: payment.amount,
        paymentMethod: payment.payment_method,
        date: isoOf(payment.date),
        user: { _id: payment.user_id, firstName: payment.first_name, lastName: payment.last_name },
        atSale: payment.at_sale,
        tendered: payment.tendered,
        change: payment.change,
      })),
      creditNotes: notes,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      deletedAt: iso(row.deleted_at),
      deletedBy: row.deleted_by,
    };
  });
}
