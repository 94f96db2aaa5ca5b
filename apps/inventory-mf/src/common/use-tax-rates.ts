import { useQuery } from '@tanstack/react-query';
import { taxRatesQueryOptions } from '@stockbook/api-client';
import type { TaxRate } from '@stockbook/contracts';

export interface TaxRates {
  /** The business's rates by name; none while loading or when they could not be read. */
  rates: TaxRate[];
  /** The list is read and holds no rate: the forms then say where rates are set. */
  none: boolean;
  failed: boolean;
}

const EMPTY: TaxRate[] = [];

/**
 * The business's tax rates (anyone signed in may read them), for the item and variant forms and
 * the drawer. Loaded when one of those opens, not with the list; a rate written anywhere reloads
 * them (the `taxRates` key, the API's live `invalidate` event).
 */
export function useTaxRates(): TaxRates {
  const query = useQuery(taxRatesQueryOptions());
  return { rates: query.data ?? EMPTY, none: query.data?.length === 0, failed: query.isError };
}
