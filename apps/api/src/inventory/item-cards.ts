import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { preparedQuery } from '../common/database/prepared-query';
import type { LocationScope } from '@stockbook/domain';
import { BUILD_ITEM_CARDS, readItemsShown, readStock, REBUILD_ITEM_CARDS, withStock } from './item-reader';
import type { StoredCard } from './item-search';

/**
 * Item cards (table `item_cards`, migration 1764300000000): each top-level item's JSON as the list
 * shows it, without its stock (names, codes, prices, categories, attribute values, variants), stored
 * so a page is read, not rebuilt. Its stock (batches and the figures over them) is read within the
 * caller's locations and put in its marked places (item-reader.ts), so a sale leaves every card
 * as it was (migration 1765700000000).
 *
 * Triggers bump a card's `version` in the same transaction as any change it shows. A card is
 * current while `built_version = version` and `format` is this builder's fingerprint, so a change
 * to the builder's SQL retires every card at once. A card is stored only if its `version` is still
 * the one read with the data it was built from: a change committed meanwhile bumps it and the card
 * is dropped, to be rebuilt on the next read.
 *
 * For a caller who sees every location, the list also keeps each item as shown (`shown`, migration
 * 1765700000100): stored when the list reads the item afresh, with the card's version and its
 * stock's stamp, and served while both still hold. Nothing rebuilds it but the next list read.
 */
export const ITEM_CARD_FORMAT = createHash('sha1').update(BUILD_ITEM_CARDS).digest('hex').slice(0, 16);

export interface BuiltItemCard {
  id: string;
  card: string;
  /** The card's `version` when its data was read. */
  version: string;
}

/** Builds the cards of some top-level items of a business, each with the version it was built at. */
export async function buildItemCardRows(manager: EntityManager, businessId: string, ids: readonly string[]): Promise<BuiltItemCard[]> {
  if (ids.length === 0) return [];
  return preparedQuery<BuiltItemCard>(manager, 'build-item-cards', BUILD_ITEM_CARDS, [businessId, ids]);
}

/**
 * Stores built cards whose `version` has not moved since they were built (one that has, shows
 * data older than a committed change and is dropped). Cards a writer holds are skipped, not waited
 * for. Returns how many were stored.
 */
export async function storeItemCards(manager: EntityManager, built: readonly BuiltItemCard[]): Promise<number> {
  if (built.length === 0) return 0;
  const [row] = await preparedQuery<{ stored: number }>(
    manager,
    'store-item-cards',
    `WITH stored AS (
       UPDATE item_cards k SET card = n.card, built_version = n.version, format = $4
         FROM unnest($1::uuid[], $2::bigint[], $3::text[]) AS n(id, version, card)
        WHERE k.item_id = n.id AND k.version = n.version
          AND k.item_id IN (SELECT item_id FROM item_cards WHERE item_id = ANY($1::uuid[]) ORDER BY item_id FOR UPDATE SKIP LOCKED)
       RETURNING 1)
     SELECT count(*)::int AS stored FROM stored`,
    [built.map((row) => row.id), built.map((row) => row.version), built.map((row) => row.card), ITEM_CARD_FORMAT],
  );
  return row?.stored ?? 0;
}

/**
 * Builds and stores the cards of some top-level items of a business inside PostgreSQL, without
 * reading them (the background builder's round); returns how many were stored.
 */
export async function rebuildItemCards(manager: EntityManager, businessId: string, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await preparedQuery<{ stored: number }>(manager, 'rebuild-item-cards', REBUILD_ITEM_CARDS, [businessId, ids, ITEM_CARD_FORMAT]);
  return row?.stored ?? 0;
}

/** Builds and stores the cards of some top-level items of a business (deleted ones too, so they leave the stale set). */
export async function buildItemCards(manager: EntityManager, businessId: string, ids: readonly string[]): Promise<BuiltItemCard[]> {
  const built = await buildItemCardRows(manager, businessId, ids);
  await storeItemCards(manager, built);
  return built;
}

/** Up to $1 stale cards with their business (see staleItemCards). */
export const STALE_ITEM_CARDS = `WITH stale AS MATERIALIZED (
       SELECT k.item_id, (SELECT i.business_id FROM items i WHERE i.id = k.item_id) AS business_id
         FROM item_cards k WHERE k.built_version IS NULL OR k.built_version <> k.version LIMIT $1)
     SELECT business_id AS "businessId", array_agg(item_id)::text[] AS ids FROM stale GROUP BY business_id`;

/**
 * Up to `limit` stale cards, grouped by business. Read from the partial index of stale cards
 * (`ix_item_cards_stale`); each card's business is looked up by its item's key, so the query costs
 * in proportion to the stale cards, never to every business's items (issue 25, rule 3), and next to
 * nothing when none are stale.
 */
export async function staleItemCards(manager: EntityManager, limit: number): Promise<{ count: number; businesses: { businessId: string; ids: string[] }[] }> {
  const rows = await preparedQuery<{ businessId: string; ids: string[] }>(
    manager,
    'stale-item-cards',
    STALE_ITEM_CARDS,
    [limit],
  );
  return { count: rows.reduce((sum, row) => sum + row.ids.length, 0), businesses: rows.filter((row) => row.businessId !== null) };
}

/** Marks cards written by another builder (an earlier release of the API) as stale; returns how many. */
export async function retireOtherFormats(manager: EntityManager): Promise<number> {
  const [row] = (await manager.query(
    `WITH retired AS (UPDATE item_cards SET built_version = NULL, card = NULL, shown = NULL WHERE built_version IS NOT NULL AND format IS DISTINCT FROM $1 RETURNING 1)
     SELECT count(*)::int AS count FROM retired`,
    [ITEM_CARD_FORMAT],
  )) as { count: number }[];
  return row?.count ?? 0;
}

/**
 * The next transaction id PostgreSQL will assign (read without taking one): between two readings,
 * how many transactions that wrote or locked rows began, anywhere in the database, from this API
 * process or any other. The background builder rests while others write (item-cards.builder.ts).
 */
export async function nextTransactionId(manager: EntityManager): Promise<bigint> {
  const [row] = (await manager.query(`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next`)) as { next: string }[];
  return BigInt(row!.next);
}

/**
 * Stores items as shown (`listedItemsJson`) whose card's version has not moved since; with the
 * stamp of the stock they were read with. Rows a writer holds are skipped, not waited for.
 */
async function storeShown(manager: EntityManager, shown: readonly { id: string; version: string; stamp: string; text: string }[]): Promise<void> {
  if (shown.length === 0) return;
  await preparedQuery(
    manager,
    'store-shown-items',
    `UPDATE item_cards k SET shown = n.text, shown_version = n.version, shown_stamp = n.stamp
       FROM unnest($1::uuid[], $2::bigint[], $3::bigint[], $4::text[]) AS n(id, version, stamp, text)
      WHERE k.item_id = n.id AND k.version = n.version AND k.built_version = n.version AND k.format = $5
        AND k.item_id IN (SELECT item_id FROM item_cards WHERE item_id = ANY($1::uuid[]) ORDER BY item_id FOR UPDATE SKIP LOCKED)`,
    [shown.map((row) => row.id), shown.map((row) => row.version), shown.map((row) => row.stamp), shown.map((row) => row.text), ITEM_CARD_FORMAT],
  );
}

/**
 * The list's page of items (ids of top-level items, with their stored cards from `listItemIds`)
 * as one JSON array in the ids' order, within the caller's locations.
 *
 * For a caller who sees every location, an item still shown as stored is served as it is; any
 * other has its card (stored, or built and stored now) joined with its stock read now, and is
 * stored as shown. A card and a stock read that list different variants (a variant added or
 * deleted between the two reads) are read again together, in one statement. A caller limited to
 * some locations gets the cards with the stock at those locations, read now.
 */
export async function listedItemsJson(
  manager: EntityManager,
  businessId: string,
  ids: readonly string[],
  scope: LocationScope,
  stored: ReadonlyMap<string, StoredCard>,
): Promise<string> {
  const shown = new Map<string, string>();
  const fresh: string[] = [];
  for (const id of ids) {
    const kept = scope.all ? stored.get(id)?.shown : null;
    if (kept) shown.set(id, kept);
    else fresh.push(id);
  }
  if (fresh.length > 0) {
    const built = new Map((await buildItemCards(manager, businessId, fresh.filter((id) => !stored.has(id)))).map((row) => [row.id, row]));
    const stock = await readStock(manager, businessId, fresh, scope);
    const toStore: { id: string; version: string; stamp: string; text: string }[] = [];
    const again: string[] = [];
    for (const id of fresh) {
      const card = stored.get(id) ?? built.get(id);
      const text = card && withStock(id, card.card, stock);
      if (!card || text === undefined) {
        if (card || stock.unitsOf.has(id)) again.push(id);
        continue;
      }
      shown.set(id, text);
      const stamp = stock.stamps.get(id);
      if (scope.all && stamp !== undefined) toStore.push({ id, version: card.version, stamp, text });
    }
    if (scope.all) await storeShown(manager, toStore);
    for (const [id, text] of await readItemsShown(manager, businessId, again, scope)) shown.set(id, text);
  }
  return `[${ids.flatMap((id) => shown.get(id) ?? []).join(',')}]`;
}
