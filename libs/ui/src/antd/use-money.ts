import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { businessQueryOptions } from '@stockbook/api-client';
import { formatMoney, UnknownCurrencyError } from '@stockbook/domain';

/** A symbol never wraps apart from its number ("රු 1,250.00"): its spaces become non-breaking. */
export function keepTogether(text: string): string {
  return text.replace(/ /g, '\u00a0');
}

/**
 * Formats exact amounts in the business's currency (section 9's formats). While the business
 * loads it says 'Loading...', on failure 'Error', for a currency we do not keep 'Currency error'
 * (section 8).
 */
export function useMoney(): (amount: string) => string {
  const business = useQuery(businessQueryOptions());
  const currency = business.data?.currency;
  const status = business.status;
  return useCallback(
    (amount: string) => {
      if (status === 'pending') return 'Loading...';
      if (status === 'error' || !currency) return 'Error';
      try {
        return keepTogether(formatMoney(amount, currency));
      } catch (error) {
        if (error instanceof UnknownCurrencyError) return error.message;
        throw error;
      }
    },
    [currency, status],
  );
}
