/**
 * Why a sale, payment, refund or cancellation is refused: typed results, not exceptions, so the
 * sales service decides how to answer (SALES_PROBLEM_STATUS: 409 for a conflict with the stock or
 * the money on record, 400 for bad input, with `field` naming the request field for field errors).
 */

export type SalesProblem =
  /** The location holds less of the item than asked (all the invoice's lines of the item together). */
  | { readonly code: 'INSUFFICIENT_STOCK'; readonly message: string; readonly field: string; readonly itemID: string; readonly asked: string; readonly onHand: string }
  /** A payment beyond the grand total or the outstanding balance. */
  | { readonly code: 'OVER_PAYMENT'; readonly message: string; readonly field: string; readonly limit: string }
  /** A refund of more than was sold and not yet refunded, or money back beyond the allowed range. */
  | { readonly code: 'OVER_REFUND'; readonly message: string; readonly field: string; readonly limit: string }
  /** Money back below what the customer would otherwise have overpaid for what they keep. */
  | { readonly code: 'UNDER_REFUND'; readonly message: string; readonly field: string; readonly limit: string }
  /** The sale's location is not one that sells (a warehouse: `canSell` false); stock leaves it by transfer. */
  | { readonly code: 'LOCATION_NOT_SELLING'; readonly message: string; readonly field: string }
  /** The invoice's state forbids the change (cancelled, already settled). */
  | { readonly code: 'INVOICE_CANCELLED' | 'INVOICE_SETTLED'; readonly message: string }
  /** Input the rules cannot read. */
  | {
      readonly code: 'INVALID_QUANTITY' | 'INVALID_AMOUNT' | 'DUE_DATE_REQUIRED' | 'METHOD_REQUIRED' | 'METHOD_NOT_SELECTABLE' | 'UNKNOWN_LINE' | 'DUPLICATE_LINE' | 'NO_LINES';
      readonly message: string;
      readonly field: string;
    };

export type SalesProblemCode = SalesProblem['code'];

/** The HTTP status each problem answers with. */
export const SALES_PROBLEM_STATUS: Readonly<Record<SalesProblemCode, 400 | 409>> = {
  INSUFFICIENT_STOCK: 409,
  LOCATION_NOT_SELLING: 409,
  OVER_PAYMENT: 409,
  OVER_REFUND: 409,
  UNDER_REFUND: 409,
  INVOICE_CANCELLED: 409,
  INVOICE_SETTLED: 409,
  INVALID_QUANTITY: 400,
  INVALID_AMOUNT: 400,
  DUE_DATE_REQUIRED: 400,
  METHOD_REQUIRED: 400,
  METHOD_NOT_SELECTABLE: 400,
  UNKNOWN_LINE: 400,
  DUPLICATE_LINE: 400,
  NO_LINES: 400,
};

/** Either the plan to apply, or why there is none. */
export type SalesResult<T> = ({ readonly ok: true } & T) | { readonly ok: false; readonly problem: SalesProblem };

export const salesRefusal = (problem: SalesProblem): { readonly ok: false; readonly problem: SalesProblem } => ({ ok: false, problem });

/** Why a sale cannot start at this location (it does not sell), or null when it can. */
export function sellingLocationProblem(location: { readonly name: string; readonly canSell: boolean }): SalesProblem | null {
  if (location.canSell) return null;
  return {
    code: 'LOCATION_NOT_SELLING',
    message: `${location.name} does not sell: choose a selling location, or move the stock there with a transfer.`,
    field: 'locationID',
  };
}
