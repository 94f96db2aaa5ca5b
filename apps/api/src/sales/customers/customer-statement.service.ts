import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Big from 'big.js';
import { DataSource } from 'typeorm';
import type { CreditNote, CustomerStatement, CustomerStatementEntry, StatementEntryKind } from '@stockbook/contracts';
import { locationsFor, moneyText, restrictToScope, type PaymentMethod } from '@stockbook/domain';
import type { AuthContext } from '../../auth/auth-context';
import { costsAsSeen } from '../../inventory/cost-visibility';
import { datedRange } from '../../business/business-records';
import { readCreditNotes } from '../invoices/invoice-reader';
import { CustomersService } from './customers.service';

interface EntryRow {
  at: Date;
  kind: StatementEntryKind;
  invoice_id: string;
  invoice_number: number;
  credit_note_number: number | null;
  payment_method: PaymentMethod | null;
  amount: string;
}

/**
 * Everything that moved what a customer owes, from their invoices at the locations `$3` (null:
 * all): each invoice as sold (+), each payment (-), each credit note's value (-) and the money it
 * paid back (+), and a cancellation (- what the invoice still charged, + what it still held, given
 * back). Summed over all time it is Σ outstanding of the live invoices. Ties keep this order.
 */
const ENTRIES = `
  WITH inv AS (SELECT id, invoice_number, created_at, grand_total, refunded_grand_total, paid_amount, deleted_at FROM invoices
                WHERE business_id = $1 AND customer_id = $2 AND ($3::uuid[] IS NULL OR location_id = ANY($3::uuid[])))
  SELECT at, kind, invoice_id, invoice_number, credit_note_number, payment_method, amount::text FROM (
    SELECT created_at AS at, 'Invoice' AS kind, 0 AS rank, id AS invoice_id, invoice_number, NULL::int AS credit_note_number, NULL AS payment_method,
           grand_total + refunded_grand_total AS amount FROM inv
    UNION ALL
    SELECT p.date, 'Payment', 1, inv.id, inv.invoice_number, NULL, p.payment_method, -p.amount FROM invoice_payments p JOIN inv ON inv.id = p.invoice_id
    UNION ALL
    SELECT c.created_at, 'Credit note', 2, inv.id, inv.invoice_number, c.credit_note_number, NULL, -c.grand_total FROM credit_notes c JOIN inv ON inv.id = c.invoice_id
    UNION ALL
    SELECT c.created_at, 'Paid back', 3, inv.id, inv.invoice_number, c.credit_note_number, c.payment_method, c.amount_paid_back
      FROM credit_notes c JOIN inv ON inv.id = c.invoice_id WHERE c.amount_paid_back > 0
    UNION ALL
    SELECT deleted_at, 'Cancelled', 4, id, invoice_number, NULL, NULL, -grand_total FROM inv WHERE deleted_at IS NOT NULL
    UNION ALL
    SELECT deleted_at, 'Paid back', 5, id, invoice_number, NULL, NULL, paid_amount FROM inv WHERE deleted_at IS NOT NULL AND paid_amount > 0
  ) e ORDER BY at, rank, invoice_number, credit_note_number`;

/** A customer's page: what they bought and owe, their invoices and credit notes, and a statement for a range. */
@Injectable()
export class CustomerStatementService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly customers: CustomersService,
  ) {}

  async statement(auth: AuthContext, id: string, query: { startDate?: string; endDate?: string }): Promise<CustomerStatement> {
    const manager = this.dataSource.manager;
    const customer = await this.customers.get(auth, id);
    const scope = locationsFor(auth.user, 'view:invoice');
    const locations = scope.all ? null : [...scope.ids];
    const params = [auth.businessId, customer._id, locations];
    const entries = (await manager.query(ENTRIES, params)) as EntryRow[];
    const start = query.startDate ? new Date(query.startDate) : null;
    const end = query.endDate ? new Date(query.endDate) : new Date();
    let balance = new Big(0);
    let opening = new Big(0);
    const shown: CustomerStatementEntry[] = [];
    for (const entry of entries) {
      balance = balance.plus(entry.amount);
      if (start && entry.at < start) opening = balance;
      else if (entry.at <= end)
        shown.push({
          date: entry.at.toISOString(),
          kind: entry.kind,
          invoiceID: entry.invoice_id,
          invoiceNumber: entry.invoice_number,
          creditNoteNumber: entry.credit_note_number,
          paymentMethod: entry.payment_method,
          amount: moneyText(entry.amount),
          balance: moneyText(balance),
        });
    }
    const invoices = (await manager.query(
      `SELECT id, invoice_number, location_id, created_at, (grand_total + refunded_grand_total)::text AS sold_total, grand_total::text, paid_amount::text, outstanding::text,
              settled, refunded, refunded_grand_total > 0 AND NOT refunded AS partially_refunded, deleted_at
         FROM invoices WHERE business_id = $1 AND customer_id = $2 AND ($3::uuid[] IS NULL OR location_id = ANY($3::uuid[]))
        ORDER BY created_at DESC, invoice_number DESC LIMIT 500`,
      params,
    )) as {
      id: string;
      invoice_number: number;
      location_id: string;
      created_at: Date;
      sold_total: string;
      grand_total: string;
      paid_amount: string;
      outstanding: string;
      settled: boolean;
      refunded: boolean;
      partially_refunded: boolean;
      deleted_at: Date | null;
    }[];
    const [totals] = (await manager.query(
      `SELECT coalesce(sum(grand_total), 0)::text AS bought, coalesce(sum(outstanding), 0)::text AS outstanding, max(created_at) AS last
         FROM invoices WHERE business_id = $1 AND customer_id = $2 AND deleted_at IS NULL AND ($3::uuid[] IS NULL OR location_id = ANY($3::uuid[]))`,
      params,
    )) as { bought: string; outstanding: string; last: Date | null }[];
    const creditNotes = await readCreditNotes(
      manager,
      `c.business_id = $1 AND i.customer_id = $2 AND ($3::uuid[] IS NULL OR c.location_id = ANY($3::uuid[]))`,
      params,
      'c.created_at DESC, c.credit_note_number DESC LIMIT 500',
    );
    return costsAsSeen(auth, {
      customer,
      totalBought: moneyText(totals!.bought),
      outstandingCredit: moneyText(totals!.outstanding),
      lastPurchase: totals!.last ? totals!.last.toISOString() : null,
      invoices: invoices.map((row) => ({
        _id: row.id,
        invoiceNumber: row.invoice_number,
        locationID: row.location_id,
        createdAt: row.created_at.toISOString(),
        soldTotal: row.sold_total,
        grandTotal: row.grand_total,
        paidAmount: row.paid_amount,
        outstanding: row.outstanding,
        settled: row.settled,
        refunded: row.refunded,
        partiallyRefunded: row.partially_refunded,
        deletedAt: row.deleted_at ? row.deleted_at.toISOString() : null,
      })),
      creditNotes,
      startDate: start ? start.toISOString() : null,
      endDate: end.toISOString(),
      openingBalance: moneyText(opening),
      entries: shown,
      closingBalance: moneyText(shown.length ? shown[shown.length - 1]!.balance : opening),
    });
  }

  /** The credit notes made in a range (default today in the business's time zone) at the locations asked where the caller may see invoices. */
  async dated(auth: AuthContext, query: { startDate?: string; endDate?: string; locations?: string[] }): Promise<CreditNote[]> {
    const manager = this.dataSource.manager;
    const [start, end] = await datedRange(manager, auth.businessId, query);
    const scope = restrictToScope(locationsFor(auth.user, 'view:invoice'), query.locations);
    const notes = await readCreditNotes(
      manager,
      `c.business_id = $1 AND ($2::uuid[] IS NULL OR c.location_id = ANY($2::uuid[])) AND c.created_at >= $3::timestamptz AND c.created_at <= $4::timestamptz`,
      [auth.businessId, scope.all ? null : [...scope.ids], start, end],
      'c.created_at, c.credit_note_number',
    );
    return costsAsSeen(auth, notes);
  }
}
