import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { InventoryErrorCode, type Attribute, type UpdateAttributeRequest } from '@stockbook/contracts';
import type { AuthContext } from '../auth/auth-context';
import { listWords } from '@stockbook/domain';
import { AppError } from '../common/errors/app-error';
import { WritePath, type Written } from '../writes/write-path.service';
import { assertNoDuplicatesWithout, DUPLICATE_VARIANT, refreshVariantNames, variantsHolding } from '../inventory/variant-names';

interface AttributeRow {
  id: string;
  name: string;
  values: { _id: string; value: string }[];
}

const NAME_TAKEN = new AppError(InventoryErrorCode.NameTaken, 'An attribute of that name already exists.', {
  name: ['An attribute of that name already exists.'],
});
const VALUE_TAKEN = new AppError(InventoryErrorCode.NameTaken, 'The attribute already has that value.', {
  value: ['The attribute already has that value.'],
});

const SELECT_ATTRIBUTES = `
  SELECT a.id, a.name,
         coalesce(json_agg(json_build_object('_id', v.id, 'value', v.value) ORDER BY v.created_at, v.value) FILTER (WHERE v.id IS NOT NULL), '[]') AS values
    FROM attributes a LEFT JOIN attribute_values v ON v.attribute_id = a.id`;

const IN_USE = `EXISTS (SELECT 1 FROM item_attribute_values iav JOIN items i ON i.id = iav.item_id
                         WHERE iav.attribute_value_id = v.id AND i.deleted_at IS NULL)`;

/** "value L" or "values S, M and L", for the activity log. */
function valuesWords(values: readonly string[]): string {
  return `${values.length === 1 ? 'value' : 'values'} ${listWords(values)}`;
}

/** Attributes (Size, Colour, ...) and their values, which items and variants are described by. */
@Injectable()
export class AttributesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writes: WritePath,
  ) {}

  /** Every attribute with its values; `inUseOnly`: only attributes and values live items hold. */
  async list(businessId: string, inUseOnly = false): Promise<Attribute[]> {
    const rows = (await this.dataSource.query(
      `${SELECT_ATTRIBUTES} ${inUseOnly ? `AND ${IN_USE}` : ''}
        WHERE a.business_id = $1
        GROUP BY a.id ${inUseOnly ? 'HAVING count(v.id) > 0' : ''}
        ORDER BY lower(a.name)`,
      [businessId],
    )) as AttributeRow[];
    return rows.map(toAttribute);
  }

  /** `within` (here and in `update`): as a savepoint of the caller's transaction (an import row creating what it names). */
  async add(auth: AuthContext, input: { name: string; values: string[] }, within?: EntityManager): Promise<Attribute> {
    return this.write(auth, async (manager) => {
      const [{ id }] = (await manager.query(`INSERT INTO attributes (business_id, name) VALUES ($1, $2) RETURNING id`, [
        auth.businessId,
        input.name,
      ])) as { id: string }[];
      await this.addValues(manager, id, input.values);
      return { value: id, action: 'Created', description: `Created attribute ${input.name}${input.values.length ? ` with ${valuesWords(input.values)}` : ''}` };
    }, within);
  }

  /** Renames the attribute and/or adds values to it. */
  async update(auth: AuthContext, input: UpdateAttributeRequest, within?: EntityManager): Promise<Attribute> {
    return this.write(auth, async (manager) => {
      const attribute = await this.find(manager, auth.businessId, input._id);
      if (input.name) {
        await manager.query(`UPDATE attributes SET name = $2, updated_at = now() WHERE id = $1`, [attribute.id, input.name]);
        // Variant names list values in attribute-name order, so a rename can reorder them.
        await refreshVariantNames(manager, await variantsHolding(manager, await this.valueIds(manager, attribute.id)));
      }
      await this.addValues(manager, attribute.id, input.addValues ?? []);
      const added = input.addValues?.length ? `added ${valuesWords(input.addValues)} to ${input.name ?? attribute.name}` : '';
      const renamed = input.name && input.name !== attribute.name ? `Renamed attribute ${attribute.name} to ${input.name}` : '';
      const description = [renamed, added].filter(Boolean).join('; ') || `Updated attribute ${attribute.name}`;
      return { value: attribute.id, action: 'Updated', description: description.charAt(0).toUpperCase() + description.slice(1) };
    }, within);
  }

  async updateValue(auth: AuthContext, valueId: string, value: string): Promise<Attribute> {
    return this.write(
      auth,
      async (manager) => {
        const [row] = (await manager.query(
          `SELECT v.id, v.value, a.id AS attribute_id, a.name FROM attribute_values v JOIN attributes a ON a.id = v.attribute_id
            WHERE v.id = $1 AND a.business_id = $2 FOR UPDATE OF v`,
          [valueId, auth.businessId],
        )) as { id: string; value: string; attribute_id: string; name: string }[];
        if (!row) throw AppError.notFound('No such attribute value in your business.');
        await manager.query(`UPDATE attribute_values SET value = $2 WHERE id = $1`, [valueId, value]);
        await refreshVariantNames(manager, await variantsHolding(manager, [valueId]));
        return { value: row.attribute_id, action: 'Updated', description: `Renamed ${row.name} value ${row.value} to ${value}` };
      },
    );
  }

  /** Refused (409) while a live item holds one of its values. */
  async delete(auth: AuthContext, id: string): Promise<void> {
    await this.write(auth, async (manager) => {
      const attribute = await this.find(manager, auth.businessId, id);
      const [{ items }] = (await manager.query(
        `SELECT count(DISTINCT i.id)::int AS items FROM attribute_values v
           JOIN item_attribute_values iav ON iav.attribute_value_id = v.id JOIN items i ON i.id = iav.item_id
          WHERE v.attribute_id = $1 AND i.deleted_at IS NULL`,
        [attribute.id],
      )) as { items: number }[];
      if (items > 0) {
        throw new AppError(
          InventoryErrorCode.InUse,
          `${attribute.name} is used by ${items} item${items === 1 ? '' : 's'}. Take it off them first, or delete it from every item.`,
        );
      }
      await this.remove(manager, attribute.id);
      return { value: attribute.id, action: 'Deleted', description: `Deleted attribute ${attribute.name}` };
    });
  }

  /** Removes the attribute's values from every item, then the attribute, in one transaction. */
  async deleteForced(auth: AuthContext, id: string): Promise<void> {
    await this.write(
      auth,
      async (manager) => {
        const attribute = await this.find(manager, auth.businessId, id);
        const valueIds = await this.valueIds(manager, attribute.id);
        await assertNoDuplicatesWithout(manager, valueIds, attribute.name);
        const variants = await variantsHolding(manager, valueIds);
        const removed = returnedCount(
          await manager.query(
            `DELETE FROM item_attribute_values WHERE attribute_value_id IN (SELECT id FROM attribute_values WHERE attribute_id = $1)`,
            [attribute.id],
          ),
        );
        await this.remove(manager, attribute.id);
        await refreshVariantNames(manager, variants);
        return { value: attribute.id, action: 'Deleted', description: `Deleted attribute ${attribute.name} and took it off ${removed} item values` };
      },
    );
  }

  private async valueIds(manager: EntityManager, attributeId: string): Promise<string[]> {
    const rows = (await manager.query(`SELECT id FROM attribute_values WHERE attribute_id = $1`, [attributeId])) as { id: string }[];
    return rows.map((row) => row.id);
  }

  private async remove(manager: EntityManager, id: string): Promise<void> {
    await manager.query(`DELETE FROM item_attribute_values WHERE attribute_value_id IN (SELECT id FROM attribute_values WHERE attribute_id = $1)`, [id]);
    await manager.query(`DELETE FROM attributes WHERE id = $1`, [id]);
  }

  private async addValues(manager: EntityManager, attributeId: string, values: readonly string[]): Promise<void> {
    for (const value of values) {
      await manager.query(`INSERT INTO attribute_values (attribute_id, value) VALUES ($1, $2)`, [attributeId, value]);
    }
  }

  private async write(auth: AuthContext, work: (manager: EntityManager) => Promise<Written<string>>, within?: EntityManager): Promise<Attribute> {
    return this.writes.write(
      auth,
      {
        entity: 'Attribute',
        changes: ['attributes'],
        within,
        conflicts: { uq_attributes_name: NAME_TAKEN, uq_attribute_values_value: VALUE_TAKEN, uq_items_live_variant: DUPLICATE_VARIANT },
        readBack: async (manager, id) => {
          const [row] = (await manager.query(`${SELECT_ATTRIBUTES} WHERE a.id = $1 GROUP BY a.id`, [id])) as AttributeRow[];
          return row ? toAttribute(row) : { _id: id, name: '', values: [] };
        },
      },
      work,
    );
  }

  private async find(manager: EntityManager, businessId: string, id: string): Promise<{ id: string; name: string }> {
    const [row] = (await manager.query(`SELECT id, name FROM attributes WHERE id = $1 AND business_id = $2 FOR UPDATE`, [id, businessId])) as {
      id: string;
      name: string;
    }[];
    if (!row) throw AppError.notFound('No such attribute in your business.');
    return row;
  }
}

function toAttribute(row: AttributeRow): Attribute {
  return { _id: row.id, name: row.name, values: row.values };
}

function returnedCount(result: unknown): number {
  return Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
}
