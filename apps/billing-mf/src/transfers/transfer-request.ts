import type { CreateTransferRequest } from '@stockbook/contracts';
import type { CostIncursion, ValuationMethod } from '@stockbook/domain';
import { positive } from '../sale/sale-lines';

/** The New transfer form's fields as antd holds them (a select not chosen yet is undefined). */
export interface TransferFormValues {
  /** The items moved, each with its quantity (issue 24, rule 5: several in one transfer). */
  lines: { itemID?: string; transferQuantity?: string }[];
  sourceLocationID?: string;
  destinationLocationID?: string;
  transferCost: string;
  costIncursion?: CostIncursion;
  stockValuationMethod?: ValuationMethod;
}

/**
 * The request the form sends: an empty cost is 0 and is borne by no one (a choice left from an
 * earlier cost is dropped); the valuation method goes only when the business picks it per movement
 * (SELECT), otherwise the API uses the business's own.
 */
export function transferRequest(values: TransferFormValues, selectMethod: boolean): CreateTransferRequest {
  const cost = values.transferCost.trim() || '0';
  return {
    lines: values.lines.map((line) => ({ itemID: line.itemID ?? '', transferQuantity: (line.transferQuantity ?? '').trim() })),
    sourceLocationID: values.sourceLocationID ?? '',
    destinationLocationID: values.destinationLocationID ?? '',
    transferCost: cost,
    costIncursion: positive(cost) ? (values.costIncursion ?? null) : null,
    ...(selectMethod ? { stockValuationMethod: values.stockValuationMethod } : {}),
  };
}

/** What the form says when a cost above 0 has no one to bear it (the API's COST_INCURSION_REQUIRED), or null. */
export function incursionProblem(transferCost: string, costIncursion: CostIncursion | undefined): string | null {
  return !costIncursion && positive(transferCost) ? 'Choose who bears the cost: Source, Destination or Both.' : null;
}
