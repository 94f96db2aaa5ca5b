import type { EntityManager } from 'typeorm';
import { CommonErrorCode } from '@stockbook/contracts';
import { AppError } from '../common/errors/app-error';

/** A SKU or barcode a write gives an item or variant, and the request field it came in. */
export interface CodeClaim {
  readonly kind: 'sku' | 'barcode';
  readonly code: string;
  readonly field: string;
}

/** The claims of one item or variant's input (`prefix` names its place in the request, e.g. `variants.2.`). */
export function claimsOf(input: { sku?: string | null; barcode?: string | null }, prefix = ''): CodeClaim[] {
  const claims: CodeClaim[] = [];
  if (input.sku) claims.push({ kind: 'sku', code: input.sku, field: `${prefix}sku` });
  if (input.barcode) claims.push({ kind: 'barcode', code: input.barcode, field: `${prefix}barcode` });
  return claims;
}

const LABEL = { sku: 'SKU', barcode: 'Barcode' } as const;

/**
 * Raised by WritePath for a violation of `uq_items_live_sku` or `uq_items_live_barcode` (a
 * concurrent write took the code after our check); `ItemsService` then names the holder with
 * `assertCodesFree`, outside the failed transaction.
 */
export const CODE_RACE = new AppError(CommonErrorCode.Conflict, 'That SKU or barcode is already used by another item.');
export const CODE_CONFLICTS = { uq_items_live_sku: CODE_RACE, uq_items_live_barcode: CODE_RACE };

/**
 * Refuses (409, each taken code on its field) codes another live item or variant of the business
 * holds, naming it: `SKU "TS-1" is already used by Shirt (Large).` A SKU matches ignoring case, a
 * barcode exactly, as the unique indexes do; `except` is the item being changed.
 */
export async function assertCodesFree(manager: EntityManager, businessId: string, claims: readonly CodeClaim[], except?: string): Promise<void> {
  if (claims.length === 0) return;
  const skus = claims.filter((claim) => claim.kind === 'sku').map((claim) => claim.code.toLowerCase());
  const barcodes = claims.filter((claim) => claim.kind === 'barcode').map((claim) => claim.code);
  const holders = (await manager.query(
    `SELECT id, lower(sku) AS sku, barcode, item_name, variant_name FROM items
      WHERE business_id = $1 AND deleted_at IS NULL AND id IS DISTINCT FROM $4::uuid
        AND (lower(sku) = ANY($2::text[]) OR barcode = ANY($3::text[]))`,
    [businessId, skus, barcodes, except ?? null],
  )) as { id: string; sku: string | null; barcode: string | null; item_name: string; variant_name: string | null }[];
  const fieldErrors: Record<string, string[]> = {};
  for (const claim of claims) {
    const holder = holders.find((row) => (claim.kind === 'sku' ? row.sku === claim.code.toLowerCase() : row.barcode === claim.code));
    if (!holder) continue;
    const name = holder.variant_name ? `${holder.item_name} (${holder.variant_name})` : holder.item_name;
    fieldErrors[claim.field] = [`${LABEL[claim.kind]} "${claim.code}" is already used by ${name}.`];
  }
  const messages = Object.values(fieldErrors).flat();
  if (messages.length) throw new AppError(CommonErrorCode.Conflict, messages.join(' '), fieldErrors);
}
