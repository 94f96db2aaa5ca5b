import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { Customer, UpdateCustomerRequest } from '@stockbook/contracts';
import type { AuthContext } from '../../auth/auth-context';
import { returnedRows } from '../../common/database/returned-rows';
import { AppError } from '../../common/errors/app-error';
import { WritePath, type Written } from '../../writes/write-path.service';

/** A customer as an invoice names them. */
export interface SaleCustomer {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  contact_number: string;
  address: string;
}

interface CustomerRow extends SaleCustomer {
  total_purchased: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, first_name, last_name, email, contact_number, address, total_purchased::text AS total_purchased, created_at, updated_at';
const nameOf = (row: { first_name: string; last_name: string }) => `${row.first_name} ${row.last_name}`.trim();
/** LIKE's wildcards in a searched text, escaped. */
const likeText = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Customers: business-wide (the session guard checks the Customers action, at any location).
 * Deleting keeps them on their invoices.
 */
@Injectable()
export class CustomersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writes: WritePath,
  ) {}

  async list(auth: AuthContext, query: { search?: string; limit: number }): Promise<Customer[]> {
    const search = query.search ? likeText(query.search) : null;
    const rows = (await this.dataSource.query(
      `SELECT ${COLUMNS} FROM customers
        WHERE business_id = $1 AND deleted_at IS NULL
          AND ($2::text IS NULL OR lower(first_name || ' ' || last_name) LIKE $2 OR lower(email) LIKE $2 OR lower(contact_number) LIKE $2)
        ORDER BY lower(first_name), lower(last_name), id LIMIT $3`,
      [auth.businessId, search, query.limit],
    )) as CustomerRow[];
    return rows.map(toCustomer);
  }

  /** One customer of the business (a deleted one too: their invoices stay); 404 otherwise. */
  async get(auth: AuthContext, id: string): Promise<Customer> {
    const [row] = (await this.dataSource.query(`SELECT ${COLUMNS} FROM customers WHERE id = $1 AND business_id = $2`, [id, auth.businessId])) as CustomerRow[];
    if (!row) throw AppError.notFound('No such customer in your business.');
    return toCustomer(row);
  }

  async create(auth: AuthContext, input: { firstName: string; lastName: string; email: string; contactNumber: string; address: string }, idempotencyKey?: string): Promise<Customer> {
    return this.write(auth, async (manager) => {
      const [row] = (await manager.query(
        `INSERT INTO customers (business_id, first_name, last_name, email, contact_number, address) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
        [auth.businessId, input.firstName, input.lastName, input.email, input.contactNumber, input.address],
      )) as CustomerRow[];
      return { value: row!, action: 'Created', description: `Created customer ${nameOf(row!)}` };
    }, idempotencyKey ? { key: idempotencyKey, request: input } : undefined);
  }

  async update(auth: AuthContext, input: UpdateCustomerRequest): Promise<Customer> {
    return this.write(auth, async (manager) => {
      const current = await this.find(manager, auth.businessId, input._id);
      const [row] = returnedRows<CustomerRow>(
        await manager.query(
          `UPDATE customers SET first_name = $2, last_name = $3, email = $4, contact_number = $5, address = $6, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
          [
            current.id,
            input.firstName ?? current.first_name,
            input.lastName ?? current.last_name,
            input.email ?? current.email,
            input.contactNumber ?? current.contact_number,
            input.address ?? current.address,
          ],
        ),
      );
      return { value: row!, action: 'Updated', description: `Updated customer ${nameOf(row!)}` };
    });
  }

  async delete(auth: AuthContext, id: string): Promise<void> {
    await this.write(auth, async (manager) => {
      const current = await this.find(manager, auth.businessId, id);
      await manager.query(`UPDATE customers SET deleted_at = now(), deleted_by = $2 WHERE id = $1`, [current.id, auth.user.id]);
      return { value: current, action: 'Deleted', description: `Deleted customer ${nameOf(current)}` };
    });
  }

  /**
   * For a sale: the live customer of this business as its invoice names them, or 404 on the
   * request's `customer`. Not locked here: a sale takes the customer's row (refreshTotal) just
   * before the location's balances, as refunds and cancellations do, so they lock the two in one order.
   */
  async forSale(manager: EntityManager, auth: AuthContext, id: string): Promise<SaleCustomer> {
    const [row] = (await manager.query(
      `SELECT id, first_name, last_name, email, contact_number, address FROM customers WHERE id = $1 AND business_id = $2 AND deleted_at IS NULL`,
      [id, auth.businessId],
    )) as SaleCustomer[];
    if (!row) throw new AppError('NOT_FOUND', 'No such customer in your business.', { customer: ['No such customer in your business.'] });
    return row;
  }

  /** Sets a customer's totalPurchased to Σ grand total of their live invoices (net of refunds), in the caller's transaction. */
  async refreshTotal(manager: EntityManager, customerId: string | null): Promise<void> {
    if (!customerId) return;
    await manager.query(
      `UPDATE customers SET total_purchased = (SELECT coalesce(sum(grand_total), 0) FROM invoices WHERE customer_id = $1 AND deleted_at IS NULL) WHERE id = $1`,
      [customerId],
    );
  }

  private async write(auth: AuthContext, work: (manager: EntityManager) => Promise<Written<CustomerRow>>, idempotent?: { key: string; request: unknown }): Promise<Customer> {
    // The answer is the customer as the client sees it, so a retry with the key answers it again as it was.
    return this.writes.write(auth, { entity: 'Customer', changes: ['customers'], idempotent, readBack: async (_manager, row: CustomerRow) => toCustomer(row) }, work);
  }

  private async find(manager: EntityManager, businessId: string, id: string): Promise<CustomerRow> {
    const [row] = (await manager.query(`SELECT ${COLUMNS} FROM customers WHERE id = $1 AND business_id = $2 AND deleted_at IS NULL FOR UPDATE`, [id, businessId])) as CustomerRow[];
    if (!row) throw AppError.notFound('No such customer in your business.');
    return row;
  }
}

function toCustomer(row: CustomerRow): Customer {
  return {
    _id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    contactNumber: row.contact_number,
    address: row.address,
    totalPurchased: row.total_purchased,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
