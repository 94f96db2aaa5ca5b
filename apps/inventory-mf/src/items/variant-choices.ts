import type { Attribute, Variant } from '@stockbook/contracts';

/** A choice in the variant form: a value's id, or NEW_VALUE followed by a value to add to the attribute. */
export type ValueChoice = string;
export const NEW_VALUE = 'new:';

/** A variant's combination of values as a key (ids sorted). */
export const combinationKey = (valueIds: readonly string[]) => [...valueIds].sort().join('|');

/**
 * The values of `attribute` the variant form offers: those that, with the values chosen for the
 * other attributes (any value where none is chosen yet), still make a combination the item does
 * not have; in the attribute's own order, and the one chosen. Text typed that names no value is
 * offered as a new one (pass '' where the user may not add values).
 */
export function offeredValues(
  attribute: Attribute,
  attributes: readonly Attribute[],
  chosen: Readonly<Record<string, ValueChoice | undefined>>,
  existing: readonly Pick<Variant, 'attributes'>[],
  typed: string,
): { value: string; label: string }[] {
  const taken = new Set(existing.map((variant) => combinationKey(variant.attributes.map((value) => value._id))));
  const others = attributes.filter((other) => other._id !== attribute._id);
  // Each other attribute's possible values: the chosen one (a new value is in no combination yet), or all.
  const choicesOf = (other: Attribute) => {
    const choice = chosen[other._id];
    if (choice) return [choice];
    return other.values.length ? other.values.map((value) => value._id) : [`${NEW_VALUE}?`];
  };
  const combinations = others.reduce<string[][]>((partial, other) => partial.flatMap((ids) => choicesOf(other).map((id) => [...ids, id])), [[]]);
  const free = (valueId: string) => combinations.some((ids) => ids.some((id) => id.startsWith(NEW_VALUE)) || !taken.has(combinationKey([...ids, valueId])));
  const options = attribute.values.filter((value) => free(value._id)).map((value) => ({ value: value._id, label: value.value }));
  const current = chosen[attribute._id];
  if (current && !options.some((option) => option.value === current)) {
    // The choice stays on show (a new value just chosen, or the value being edited).
    const label = current.startsWith(NEW_VALUE) ? current.slice(NEW_VALUE.length) : (attribute.values.find((value) => value._id === current)?.value ?? current);
    options.push({ value: current, label });
  }
  const text = typed.trim();
  const known = attribute.values.some((value) => value.value.toLowerCase() === text.toLowerCase());
  if (text && !known && current !== `${NEW_VALUE}${text}`) options.push({ value: `${NEW_VALUE}${text}`, label: `Add ${attribute.name} "${text}"` });
  return options;
}
