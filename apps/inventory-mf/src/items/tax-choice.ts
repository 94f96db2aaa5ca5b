import type { TaxRate } from '@stockbook/contracts';
import { taxRateNamed } from '@stockbook/domain';

/**
 * An item's or variant's own tax choice (issue 21, rule 2) as one value of a select: the
 * location's default (an item) or the item's (a variant), exempt, or a rate's id. The API takes
 * and answers it as `{ taxRateID, taxExempt }`; these turn one into the other, and into words.
 */

/** No own choice: a variant takes its item's, an item its selling location's default rate. */
export const TAX_DEFAULT = 'default';
export const TAX_EXEMPT = 'exempt';

/** Whose choice it is: an item's falls back to the location's default, a variant's to its item's. */
export type TaxLevel = 'item' | 'variant';

export interface OwnTaxChoice {
  readonly taxRateID: string | null;
  readonly taxExempt: boolean;
}

/** The select's value of a stored choice. */
export const taxChoiceValue = (own: OwnTaxChoice): string => (own.taxExempt ? TAX_EXEMPT : (own.taxRateID ?? TAX_DEFAULT));

/**
 * The fields a create or update sends for a select's value (left empty is no own choice). Both
 * are always sent, so an update also clears what was chosen before.
 */
export function taxFields(value: string | undefined): { taxRateID: string | null; taxExempt: boolean } {
  if (!value || value === TAX_DEFAULT) return { taxRateID: null, taxExempt: false };
  if (value === TAX_EXEMPT) return { taxRateID: null, taxExempt: true };
  return { taxRateID: value, taxExempt: false };
}

/** A rate as the forms and the drawer name it: "VAT (20%)", "State (8.875%)". */
export const rateLabel = (rate: Pick<TaxRate, 'name' | 'rate'>): string => taxRateNamed(rate);

/** What no own choice means, at each level. */
const DEFAULT_LABEL: Record<TaxLevel, string> = { item: "Location's default rate", variant: 'Same as the item' };

/** A rate the list does not (yet) hold: the list is still loading, or could not be read. */
const UNKNOWN_RATE = 'A tax rate';

/**
 * The select's options: no own choice, exempt, then each rate by name. A current rate the list
 * lacks (still loading) keeps an option of its own, so the select never shows a bare id.
 */
export function taxChoiceOptions(level: TaxLevel, rates: readonly TaxRate[], current?: string): { value: string; label: string }[] {
  const options = [
    { value: TAX_DEFAULT, label: DEFAULT_LABEL[level] },
    { value: TAX_EXEMPT, label: 'Exempt from tax' },
    ...rates.map((rate) => ({ value: rate._id, label: rateLabel(rate) })),
  ];
  if (current && !options.some((option) => option.value === current)) options.push({ value: current, label: UNKNOWN_RATE });
  return options;
}

/** A choice in words, as the drawer shows it: "VAT (20%)", "Exempt", "The location's default rate". */
export function taxChoiceText(own: OwnTaxChoice, level: TaxLevel, rates: readonly TaxRate[]): string {
  if (own.taxExempt) return 'Exempt';
  if (!own.taxRateID) return level === 'item' ? "The location's default rate" : 'Same as the item';
  const rate = rates.find((each) => each._id === own.taxRateID);
  return rate ? rateLabel(rate) : UNKNOWN_RATE;
}

/**
 * An API refusal's field errors with the tax fields (`taxRateID`, `taxExempt`: a rate gone from the
 * business meanwhile) named as the form's one Tax select, `taxChoice`, so they land on it.
 */
export function taxErrorsOnChoice(fieldErrors: Record<string, string[]>): Record<string, string[]> {
  const moved: Record<string, string[]> = {};
  for (const [path, errors] of Object.entries(fieldErrors)) {
    const name = path === 'taxRateID' || path === 'taxExempt' ? 'taxChoice' : path;
    moved[name] = [...(moved[name] ?? []), ...errors];
  }
  return moved;
}

/** Under a variant's select, what "Same as the item" is: "The item's tax: VAT (20%).", "... exempt.". */
export function itemTaxHint(item: OwnTaxChoice, rates: readonly TaxRate[]): string {
  const text = taxChoiceText(item, 'item', rates);
  return `The item's tax: ${item.taxRateID && !item.taxExempt ? text : text.charAt(0).toLowerCase() + text.slice(1)}.`;
}

/** Whether a variant's own choice says something other than its item's (no own choice says nothing). */
export const differsFromItem = (variant: OwnTaxChoice, item: OwnTaxChoice): boolean =>
  taxChoiceValue(variant) !== TAX_DEFAULT && taxChoiceValue(variant) !== taxChoiceValue(item);
