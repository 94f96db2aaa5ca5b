import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { TaxErrorCode, type CreateTaxRateRequest, type TaxRate, type UpdateTaxRateRequest } from '@stockbook/contracts';
import { taxRateShown } from '@stockbook/domain';
import type { AuthContext } from '../auth/auth-context';
import { returnedRows } from '../common/database/returned-rows';
import { AppError } from '../common/errors/app-error';
import { WritePath } from '../writes/write-path.service';

interface RateRow {
  id: string;
  name: string;
  rate: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, name, rate::text AS rate, created_at, updated_at`;
const NAME_TAKEN = new AppError(TaxErrorCode.NameTaken, 'Another tax rate already has that name.', { name: ['Another tax rate already has that name.'] });

const toTaxRate = (row: RateRow): TaxRate => ({
  _id: row.id,
  name: row.name,
  rate: row.rate,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/**
 * The business's tax rates (tax.contract.ts): listed for everyone signed in, written by
 * administrators through WritePath (activity entry and the `taxRates` live reload).
 */
@Injectable()
export class TaxRatesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writes: WritePath,
  ) {}

  async list(auth: AuthContext): Promise<TaxRate[]> {
    const rows = (await this.dataSource.query(`SELECT ${COLUMNS} FROM tax_rates WHERE business_id = $1 ORDER BY lower(name), id`, [auth.businessId])) as RateRow[];
    return rows.map(toTaxRate);
  }

  async create(auth: AuthContext, input: Required<CreateTaxRateRequest>): Promise<TaxRate> {
    return this.write(auth, async (manager) => {
      const [row] = (await manager.query(`INSERT INTO tax_rates (business_id, name, rate) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`, [
        auth.businessId,
        input.name,
        String(input.rate),
      ])) as RateRow[];
      return { value: row!, action: 'Created' as const, description: `Created tax rate ${row!.name} (${taxRateShown(row!.rate)})` };
    });
  }

  async update(auth: AuthContext, id: string, changes: UpdateTaxRateRequest): Promise<TaxRate> {
    return this.write(auth, async (manager) => {
      const before = await this.row(manager, auth, id);
      // An UPDATE: TypeORM answers it with [rows, rowCount].
      const [row] = returnedRows<RateRow>(
        await manager.query(
          `UPDATE tax_rates SET name = coalesce($3, name), rate = coalesce($4::numeric, rate), updated_at = now() WHERE id = $1 AND business_id = $2 RETURNING ${COLUMNS}`,
          [before.id, auth.businessId, changes.name ?? null, changes.rate === undefined ? null : String(changes.rate)],
        ),
      );
      return { value: row!, action: 'Updated' as const, description: `Updated tax rate ${row!.name} (${taxRateShown(row!.rate)})` };
    });
  }

  /** Refused (409, naming who) while a location's default or an item's choice is this rate; invoices keep their copy. */
  async delete(auth: AuthContext, id: string): Promise<TaxRate> {
    return this.write(auth, async (manager) => {
      const row = await this.row(manager, auth, id, true);
      const [use] = (await manager.query(
        `SELECT (SELECT string_agg(name, ', ' ORDER BY name) FROM locations WHERE business_id = $1 AND tax_rate_id = $2) AS locations,
                (SELECT count(*)::int FROM items WHERE business_id = $1 AND tax_rate_id = $2 AND deleted_at IS NULL) AS items`,
        [auth.businessId, row.id],
      )) as { locations: string | null; items: number }[];
      if (use!.locations || use!.items > 0) {
        const who = [use!.locations ? `the default of ${use!.locations}` : '', use!.items > 0 ? `chosen by ${use!.items} item${use!.items === 1 ? '' : 's'}` : '']
          .filter(Boolean)
          .join(' and ');
        throw new AppError(TaxErrorCode.InUse, `${row.name} is ${who}. Choose another rate there first.`);
      }
      // Deleted items may still name it: they let it go (an item restored later takes its location's rate).
      await manager.query(`UPDATE items SET tax_rate_id = NULL WHERE business_id = $1 AND tax_rate_id = $2`, [auth.businessId, row.id]);
      await manager.query(`UPDATE invoice_lines SET tax_rate_id = NULL WHERE tax_rate_id = $1`, [row.id]);
      await manager.query(`DELETE FROM tax_rates WHERE id = $1`, [row.id]);
      return { value: row, action: 'Deleted' as const, description: `Deleted tax rate ${row.name} (${taxRateShown(row.rate)})` };
    });
  }

  private async row(manager: EntityManager, auth: AuthContext, id: string, lock = false): Promise<RateRow> {
    const [row] = (await manager.query(`SELECT ${COLUMNS} FROM tax_rates WHERE id = $1 AND business_id = $2 ${lock ? 'FOR UPDATE' : ''}`, [id, auth.businessId])) as RateRow[];
    if (!row) throw AppError.notFound('No such tax rate in your business.');
    return row;
  }

  private async write(
    auth: AuthContext,
    work: (manager: EntityManager) => Promise<{ value: RateRow; action: 'Created' | 'Updated' | 'Deleted'; description: string }>,
  ): Promise<TaxRate> {
    const row = await this.writes.write(auth, { entity: 'Tax Rate', changes: ['taxRates', 'locations', 'items'], conflicts: { uq_tax_rates_business_name: NAME_TAKEN } }, work);
    return toTaxRate(row);
  }
}
