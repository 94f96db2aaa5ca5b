import Big from 'big.js';
import type { TaxRate } from '@stockbook/contracts';
import { taxRateNamed } from '@stockbook/domain';

/** A rate as the admin screens name it: "VAT (20%)", "State tax (8.875%)". */
export const taxRateLabel = (rate: Pick<TaxRate, 'name' | 'rate'>): string => taxRateNamed(rate);

/** A stored percent ("8.8750") as a person types it ("8.875"), for an edit form. */
export const taxRateInput = (rate: string): string => new Big(rate).toString();
