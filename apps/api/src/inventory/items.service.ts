import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { z } from 'zod';
import {
  InventoryErrorCode,
  ItemErrorCode,
  type AddSimpleItemRequestSchema,
  type AddVariantItemRequestSchema,
  type AddVariantRequestSchema,
  type InTransitResponse,
  type Item,
  type ItemListQuerySchema,
  type ItemListResponse,
  type UpdateItemAttributesRequest,
  type UpdateItemRequestSchema,
  type UpdateParentRequestSchema,
  type UpdateVariantRequestSchema,
} from '@stockbook/contracts';
import { canSeeCosts, locationsFor } from '@stockbook/domain';
import type { AuthContext } from '../auth/auth-context';
import { AppError } from '../common/errors/app-error';
import { WritePath, type Written } from '../writes/write-path.service';
import { assertCategories, linkCategories, linkValues, resolveValues } from './item-links';
import { readItems } from './item-reader';
import type { JsonText } from '../common/json-text';
import { ITEM_CARD_FORMAT, listedItemsJson } from './item-cards';
import { assertCodesFree, claimsOf, CODE_CONFLICTS, CODE_RACE, type CodeClaim } from './item-codes';
import { costsAsSeen, costsAsSeenJson } from './cost-visibility';
import { readInTransit } from './in-transit';
import { listItemIds } from './item-search';
import { DUPLICATE_VARIANT, refreshVariantNames } from './variant-names';
import { assertTaxRate, setTaxChoice } from './item-tax';

type Out<T extends z.ZodType> = z.output<T>;

interface ItemHead {
  id: string;
  parent_id: string | null;
  item_name: string;
  variant_name: string | null;
  simple_item: boolean;
}

const ITEM_NAME_TAKEN = new AppError(InventoryErrorCode.NameTaken, 'An item of that name already exists.', {
  itemName: ['An item of that name already exists. Choose another name, or add stock to that item.'],
});

/** Unique indexes of items over live rows, and the 409 each means (a taken code is named after the fact: see `write`). */
const ITEM_CONFLICTS = { uq_items_live_name: ITEM_NAME_TAKEN, uq_items_live_variant: DUPLICATE_VARIANT, ...CODE_CONFLICTS };

type Kind = 'simple' | 'parent' | 'variant';
const kindOf = (row: ItemHead): Kind => (row.parent_id ? 'variant' : row.simple_item ? 'simple' : 'parent');

/** Items: simple items, variant items (a parent and its variants), their names, prices and values. */
@Injectable()
export class ItemsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writes: WritePath,
  ) {}

  /**
   * The list's answer (an `ItemListResponse`) as JSON text: PostgreSQL writes the items, each
   * its stored card with its stock within the caller's locations (see `listedItemsJson`).
   */
  async list(auth: AuthContext, query: Out<typeof ItemListQuerySchema>): Promise<JsonText<ItemListResponse>> {
    const manager = this.dataSource.manager;
    const scope = locationsFor(auth.user, 'view:item');
    const { ids, cards, total, totalExact } = await listItemIds(manager, auth.businessId, scope, query, ITEM_CARD_FORMAT);
    const items = costsAsSeenJson(auth, await listedItemsJson(manager, auth.businessId, ids, scope, cards));
    return `{"items":${items},"total":${total},"totalExact":${totalExact},"page":${query.page},"limit":${query.limit}}` as JsonText<ItemListResponse>;
  }

  /** What is on its way to the caller's view:item locations (or `location`), and the value on hand there; costs only with view:cost. */
  async inTransit(auth: AuthContext, location?: string): Promise<InTransitResponse> {
    const answer = costsAsSeen(auth, await readInTransit(this.dataSource.manager, auth.businessId, locationsFor(auth.user, 'view:item'), location));
    if (!canSeeCosts(auth.user)) delete answer.onHandValue;
    return answer;
  }

  /** A live item of the caller's business; a variant's id answers with its parent item. */
  async get(auth: AuthContext, id: string): Promise<Item> {
    const manager = this.dataSource.manager;
    const [row] = (await manager.query(
      `SELECT coalesce(parent_id, id) AS id FROM items WHERE id = $1 AND business_id = $2 AND deleted_at IS NULL`,
      [id, auth.businessId],
    )) as { id: string }[];
    const [item] = row ? await readItems(manager, auth.businessId, [row.id], locationsFor(auth.user, 'view:item')) : [];
    if (!item || item.deletedAt) throw AppError.notFound('No such item in your business.');
    return costsAsSeen(auth, item);
  }

  /** Each write runs in a transaction of its own, or as a savepoint of `within` (a caller's transaction). */
  async addSimple(auth: AuthContext, input: Out<typeof AddSimpleItemRequestSchema>, within?: EntityManager): Promise<Item> {
    return this.write(auth, 'Simple Item', async (manager) => {
      await assertCategories(manager, auth.businessId, input.categories);
      const values = await resolveValues(manager, auth.businessId, input.attributes);
      await assertCodesFree(manager, auth.businessId, claimsOf(input));
      await assertTaxRate(manager, auth.businessId, input.taxRateID);
      const id = await insertItem(manager, auth.businessId, {
        ...input,
        itemName: input.itemName,
        simpleItem: true,
        price: input.price,
        reorderLevel: input.reorderLevel,
        sku: input.sku,
        barcode: input.barcode,
        unit: input.unit,
      });
      await linkCategories(manager, id, input.categories);
      await linkValues(manager, id, values.ids);
      return { value: id, action: 'Created', description: `Created simple item ${input.itemName}` };
    }, within, claimsOf(input));
  }

  async addVariantItem(auth: AuthContext, input: Out<typeof AddVariantItemRequestSchema>, within?: EntityManager): Promise<Item> {
    return this.write(auth, 'Variant Item', async (manager) => {
      await assertCategories(manager, auth.businessId, input.categories);
      await assertCodesFree(manager, auth.businessId, variantItemClaims(input));
      await assertTaxRate(manager, auth.businessId, input.taxRateID);
      for (const [index, variant] of input.variants.entries()) await assertTaxRate(manager, auth.businessId, variant.taxRateID, `variants.${index}.taxRateID`);
      const parentId = await insertItem(manager, auth.businessId, {
        taxRateID: input.taxRateID,
        taxExempt: input.taxExempt,
        itemName: input.itemName,
        simpleItem: false,
        price: '0',
        reorderLevel: null,
        sku: input.sku,
        barcode: input.barcode,
        unit: input.unit,
      });
      await linkCategories(manager, parentId, input.categories);
      const seen = new Map<string, number>();
      for (const [index, variant] of input.variants.entries()) {
        const field = `variants.${index}.attributes`;
        const values = await resolveValues(manager, auth.businessId, variant.attributes, field);
        if (seen.has(values.key)) {
          throw AppError.validation({ [field]: [`Variant ${seen.get(values.key)! + 1} already has these values.`] });
        }
        seen.set(values.key, index);
        await this.insertVariant(manager, auth.businessId, parentId, input.itemName, values, variant);
      }
      return { value: parentId, action: 'Created', description: `Created variant item ${input.itemName} with ${input.variants.length} variants` };
    }, within, variantItemClaims(input));
  }

  async addVariant(auth: AuthContext, input: Out<typeof AddVariantRequestSchema>, within?: EntityManager): Promise<Item> {
    return this.write(auth, 'Variant Item', async (manager) => {
      const parent = await this.head(manager, auth.businessId, input.parentID, 'parent');
      const values = await resolveValues(manager, auth.businessId, input.attributes);
      await this.assertNewCombination(manager, parent.id, values.key);
      await assertCodesFree(manager, auth.businessId, claimsOf(input));
      await assertTaxRate(manager, auth.businessId, input.taxRateID);
      await this.insertVariant(manager, auth.businessId, parent.id, parent.item_name, values, input);
      return { value: parent.id, action: 'Added', description: `Added variant ${values.name} to ${parent.item_name}` };
    }, within, claimsOf(input));
  }

  async updateVariant(auth: AuthContext, input: Out<typeof UpdateVariantRequestSchema>): Promise<Item> {
    return this.write(auth, 'Variant Item', async (manager) => {
      const variant = await this.head(manager, auth.businessId, input._id, 'variant');
      let variantName = variant.variant_name;
      if (input.attributes) {
        const values = await resolveValues(manager, auth.businessId, input.attributes);
        await this.assertNewCombination(manager, variant.parent_id!, values.key, variant.id);
        await linkValues(manager, variant.id, values.ids);
        await refreshVariantNames(manager, [variant.id]);
        variantName = values.name;
      }
      await assertCodesFree(manager, auth.businessId, claimsOf(input), variant.id);
      await setTaxChoice(manager, auth.businessId, variant.id, input);
      await manager.query(
        `UPDATE items SET price = coalesce($2, price), reorder_level = CASE WHEN $3 THEN $4::numeric ELSE reorder_level END,
                updated_at = now() WHERE id = $1`,
        [variant.id, input.price ?? null, input.reorderLevel !== undefined, input.reorderLevel ?? null],
      );
      await setCodes(manager, variant.id, input);
      return { value: variant.parent_id!, action: 'Updated', description: `Updated variant ${variantName} of ${variant.item_name}` };
    }, undefined, claimsOf(input));
  }

  async updateParent(auth: AuthContext, input: Out<typeof UpdateParentRequestSchema>): Promise<Item> {
    return this.write(auth, 'Variant Item', async (manager) => {
      const parent = await this.head(manager, auth.businessId, input._id, 'parent');
      if (input.categories) {
        await assertCategories(manager, auth.businessId, input.categories);
        await linkCategories(manager, parent.id, input.categories);
      }
      if (input.itemName) {
        await manager.query(`UPDATE items SET item_name = $2, updated_at = now() WHERE id = $1 OR parent_id = $1`, [parent.id, input.itemName]);
      }
      await assertCodesFree(manager, auth.businessId, claimsOf(input), parent.id);
      await setTaxChoice(manager, auth.businessId, parent.id, input);
      await setCodes(manager, parent.id, input);
      return { value: parent.id, action: 'Updated', description: `Updated variant item ${input.itemName ?? parent.item_name}` };
    }, undefined, claimsOf(input));
  }

  async updateSimple(auth: AuthContext, input: Out<typeof UpdateItemRequestSchema>): Promise<Item> {
    return this.write(auth, 'Simple Item', async (manager) => {
      const item = await this.head(manager, auth.businessId, input._id, 'simple');
      if (input.categories) {
        await assertCategories(manager, auth.businessId, input.categories);
        await linkCategories(manager, item.id, input.categories);
      }
      await manager.query(
        `UPDATE items SET item_name = coalesce($2, item_name), price = coalesce($3, price),
                reorder_level = CASE WHEN $4 THEN $5::numeric ELSE reorder_level END, updated_at = now() WHERE id = $1`,
        [item.id, input.itemName ?? null, input.price ?? null, input.reorderLevel !== undefined, input.reorderLevel ?? null],
      );
      await assertCodesFree(manager, auth.businessId, claimsOf(input), item.id);
      await setTaxChoice(manager, auth.businessId, item.id, input);
      await setCodes(manager, item.id, input);
      return { value: item.id, action: 'Updated', description: `Updated simple item ${input.itemName ?? item.item_name}` };
    }, undefined, claimsOf(input));
  }

  async updateAttributes(auth: AuthContext, input: UpdateItemAttributesRequest): Promise<Item> {
    return this.write(auth, 'Simple Item', async (manager) => {
      const item = await this.head(manager, auth.businessId, input._id, 'simple');
      const values = await resolveValues(manager, auth.businessId, input.attributes);
      await linkValues(manager, item.id, values.ids);
      return { value: item.id, action: 'Updated', description: `Updated the attributes of ${item.item_name}` };
    });
  }

  /** Soft delete: kept for history with deletedAt and deletedBy; a parent takes its variants along. */
  async delete(auth: AuthContext, id: string): Promise<Item> {
    const head = await this.head(this.dataSource.manager, auth.businessId, id);
    const entity = kindOf(head) === 'simple' ? 'Simple Item' : 'Variant Item';
    return this.write(auth, entity, async (manager) => {
      const item = await this.head(manager, auth.businessId, id);
      await manager.query(`UPDATE items SET deleted_at = now(), deleted_by = $2 WHERE (id = $1 OR parent_id = $1) AND deleted_at IS NULL`, [
        item.id,
        auth.user.id,
      ]);
      const what = kindOf(item) === 'variant' ? `variant ${item.variant_name} of ${item.item_name}` : item.item_name;
      return { value: item.parent_id ?? item.id, action: 'Deleted', description: `Deleted ${what}` };
    });
  }

  private async insertVariant(
    manager: EntityManager,
    businessId: string,
    parentId: string,
    itemName: string,
    values: { ids: string[]; name: string; key: string },
    variant: { price: string; reorderLevel: string | null; sku: string | null; barcode: string | null; taxRateID: string | null; taxExempt: boolean },
  ): Promise<void> {
    const id = await insertItem(manager, businessId, {
      taxRateID: variant.taxRateID,
      taxExempt: variant.taxExempt,
      itemName,
      simpleItem: false,
      price: variant.price,
      reorderLevel: variant.reorderLevel,
      sku: variant.sku,
      barcode: variant.barcode,
      parentId,
      variantName: values.name,
      valueKey: values.key,
    });
    await linkValues(manager, id, values.ids);
  }

  /** The friendly early answer; the unique index `uq_items_live_variant` is what holds under races. */
  private async assertNewCombination(manager: EntityManager, parentId: string, key: string, except?: string): Promise<void> {
    const rows = (await manager.query(
      `SELECT 1 FROM items WHERE parent_id = $1 AND deleted_at IS NULL AND value_key = $2 AND id IS DISTINCT FROM $3::uuid`,
      [parentId, key, except ?? null],
    )) as unknown[];
    if (rows.length) throw DUPLICATE_VARIANT;
  }

  /** A live item of the business (404 otherwise), of the kind asked for (400 otherwise). */
  private async head(manager: EntityManager, businessId: string, id: string, kind?: Kind): Promise<ItemHead> {
    const [row] = (await manager.query(
      `SELECT id, parent_id, item_name, variant_name, simple_item FROM items WHERE id = $1 AND business_id = $2 AND deleted_at IS NULL`,
      [id, businessId],
    )) as ItemHead[];
    if (!row) throw AppError.notFound('No such item in your business.');
    if (kind && kindOf(row) !== kind) {
      const wanted = { simple: 'a simple item', parent: 'a variant item', variant: 'a variant' }[kind];
      throw new AppError(kind === 'simple' ? ItemErrorCode.NotASimpleItem : ItemErrorCode.NotAVariantItem, `That is not ${wanted}.`);
    }
    return row;
  }

  /**
   * A write of items; the answer is the top-level item `work` names, read back as the caller sees
   * it. A code (`claims`) a concurrent write took after `work`'s check runs into its unique index;
   * the holder is then named, read outside the failed transaction (or savepoint).
   */
  private async write(
    auth: AuthContext,
    entity: 'Simple Item' | 'Variant Item',
    work: (manager: EntityManager) => Promise<Written<string>>,
    within?: EntityManager,
    claims: readonly CodeClaim[] = [],
  ): Promise<Item> {
    try {
      return await this.writes.write(
        auth,
        { entity, changes: ['items'], within, conflicts: ITEM_CONFLICTS, readBack: (manager, id) => readItemAsSeen(manager, auth, id) },
        work,
      );
    } catch (error) {
      if (error === CODE_RACE) await assertCodesFree(within ?? this.dataSource.manager, auth.businessId, claims);
      throw error;
    }
  }
}

/** One item as the caller sees it (their view:item locations, costs only with view:cost), after a write. */
export async function readItemAsSeen(manager: EntityManager, auth: AuthContext, id: string): Promise<Item> {
  const [item] = await readItems(manager, auth.businessId, [id], locationsFor(auth.user, 'view:item'));
  return costsAsSeen(auth, item!);
}

/** Every SKU and barcode of a new variant item: its own and its variants'. */
function variantItemClaims(input: Out<typeof AddVariantItemRequestSchema>): CodeClaim[] {
  return [...claimsOf(input), ...input.variants.flatMap((variant, index) => claimsOf(variant, `variants.${index}.`))];
}

/** Sets the codes and unit an update names (undefined: unchanged; null: cleared). */
async function setCodes(manager: EntityManager, id: string, input: { sku?: string | null; barcode?: string | null; unit?: string | null }): Promise<void> {
  if (input.sku === undefined && input.barcode === undefined && input.unit === undefined) return;
  await manager.query(
    `UPDATE items SET sku = CASE WHEN $2 THEN $3 ELSE sku END, barcode = CASE WHEN $4 THEN $5 ELSE barcode END,
            unit = CASE WHEN $6 THEN $7 ELSE unit END, updated_at = now() WHERE id = $1`,
    [id, input.sku !== undefined, input.sku ?? null, input.barcode !== undefined, input.barcode ?? null, input.unit !== undefined, input.unit ?? null],
  );
}

async function insertItem(
  manager: EntityManager,
  businessId: string,
  item: {
    itemName: string;
    simpleItem: boolean;
    price: string;
    reorderLevel: string | null;
    parentId?: string;
    variantName?: string;
    valueKey?: string;
    sku?: string | null;
    barcode?: string | null;
    unit?: string | null;
    taxRateID: string | null;
    taxExempt: boolean;
  },
): Promise<string> {
  const [{ id }] = (await manager.query(
    `INSERT INTO items (business_id, parent_id, item_name, variant_name, simple_item, price, reorder_level, value_key, sku, barcode, unit, tax_rate_id, tax_exempt)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [
      businessId,
      item.parentId ?? null,
      item.itemName,
      item.variantName ?? null,
      item.simpleItem,
      item.price,
      item.reorderLevel,
      item.valueKey ?? null,
      item.sku ?? null,
      item.barcode ?? null,
      item.unit ?? null,
      item.taxRateID,
      item.taxExempt,
    ],
  )) as { id: string }[];
  return id;
}
