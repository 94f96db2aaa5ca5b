import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { InventoryErrorCode, type Supplier, type UpdateSupplierRequest } from '@stockbook/contracts';
import type { AuthContext } from '../auth/auth-context';
import { returnedRows } from '../common/database/returned-rows';
import { AppError } from '../common/errors/app-error';
import { WritePath, type Written } from '../writes/write-path.service';

interface SupplierRow {
  id: string;
  name: string;
  address: string;
  contact_number: string;
  email: string;
  current_balance: string;
  credit_balance: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, name, address, contact_number, email, current_balance, credit_balance, created_at, updated_at';

const NAME_TAKEN = new AppError(InventoryErrorCode.NameTaken, 'A supplier of that name already exists.', {
  name: ['A supplier of that name already exists.'],
});

/** Suppliers batches are bought from. Deleting keeps them for history (`deletedAt`, `deletedBy`). */
@Injectable()
export class SuppliersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writes: WritePath,
  ) {}

  async list(businessId: string): Promise<Supplier[]> {
    const rows = (await this.dataSource.query(
      `SELECT ${COLUMNS} FROM suppliers WHERE business_id = $1 AND deleted_at IS NULL ORDER BY lower(name)`,
      [businessId],
    )) as SupplierRow[];
    return rows.map(toSupplier);
  }

  async add(auth: AuthContext, input: { name: string; address: string; contactNumber: string; email: string }): Promise<Supplier> {
    return this.write(auth, async (manager) => {
      const [row] = (await manager.query(
        `INSERT INTO suppliers (business_id, name, address, contact_number, email) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
        [auth.businessId, input.name, input.address, input.contactNumber, input.email],
      )) as SupplierRow[];
      return { value: row!, action: 'Created', description: `Created supplier ${row!.name}` };
    });
  }

  async update(auth: AuthContext, input: UpdateSupplierRequest): Promise<Supplier> {
    return this.write(auth, async (manager) => {
      const current = await this.find(manager, auth.businessId, input._id);
      const [row] = returnedRows<SupplierRow>(
        await manager.query(
          `UPDATE suppliers SET name = $2, address = $3, contact_number = $4, email = $5, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
          [
            current.id,
            input.name ?? current.name,
            input.address ?? current.address,
            input.contactNumber ?? current.contact_number,
            input.email ?? current.email,
          ],
        ),
      );
      return { value: row!, action: 'Updated', description: `Updated supplier ${row!.name}` };
    });
  }

  async delete(auth: AuthContext, id: string): Promise<void> {
    await this.write(auth, async (manager) => {
      const current = await this.find(manager, auth.businessId, id);
      await manager.query(`UPDATE suppliers SET deleted_at = now(), deleted_by = $2 WHERE id = $1`, [current.id, auth.user.id]);
      return { value: current, action: 'Deleted', description: `Deleted supplier ${current.name}` };
    });
  }

  private async write(auth: AuthContext, work: (manager: EntityManager) => Promise<Written<SupplierRow>>): Promise<Supplier> {
    return toSupplier(await this.writes.write(auth, { entity: 'Supplier', changes: ['suppliers'], conflicts: { uq_suppliers_live_name: NAME_TAKEN } }, work));
  }

  /** A live supplier of this business, or 404 (deleted ones are kept only for history). */
  private async find(manager: EntityManager, businessId: string, id: string): Promise<SupplierRow> {
    const [row] = (await manager.query(
      `SELECT ${COLUMNS} FROM suppliers WHERE id = $1 AND business_id = $2 AND deleted_at IS NULL FOR UPDATE`,
      [id, businessId],
    )) as SupplierRow[];
    if (!row) throw AppError.notFound('No such supplier in your business.');
    return row;
  }
}

function toSupplier(row: SupplierRow): Supplier {
  return {
    _id: row.id,
    name: row.name,
    address: row.address,
    contactNumber: row.contact_number,
    email: row.email,
    currentBalance: row.current_balance,
    creditBalance: row.credit_balance,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
