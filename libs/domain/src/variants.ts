/** An attribute and the values chosen of it for a variant item's variants. */
export interface AttributeChoice {
  readonly attributeName: string;
  readonly values: readonly { readonly id: string; readonly value: string }[];
}

export interface VariantCombination {
  /** One value id per attribute, in attribute-name order. */
  readonly valueIds: readonly string[];
  /** The variant's name as the API writes it: the values in attribute-name order, joined by " / ". */
  readonly name: string;
}

const byName = (a: AttributeChoice, b: AttributeChoice) =>
  a.attributeName.toLowerCase() < b.attributeName.toLowerCase() ? -1 : a.attributeName.toLowerCase() > b.attributeName.toLowerCase() ? 1 : 0;

/**
 * Every combination of one value of each chosen attribute (their cartesian product), in
 * attribute-name order. Attributes with no value chosen are left out; none chosen, no variants.
 */
export function variantCombinations(choices: readonly AttributeChoice[]): VariantCombination[] {
  const used = choices.filter((choice) => choice.values.length > 0).sort(byName);
  if (used.length === 0) return [];
  let combos: { ids: string[]; names: string[] }[] = [{ ids: [], names: [] }];
  for (const choice of used) {
    combos = combos.flatMap((combo) => choice.values.map((value) => ({ ids: [...combo.ids, value.id], names: [...combo.names, value.value] })));
  }
  return combos.map((combo) => ({ valueIds: combo.ids, name: combo.names.join(' / ') }));
}
