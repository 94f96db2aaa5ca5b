import type { TaxRate } from '@stockbook/contracts';
import { differsFromItem, itemTaxHint, TAX_DEFAULT, TAX_EXEMPT, taxChoiceOptions, taxChoiceText, taxChoiceValue, taxErrorsOnChoice, taxFields } from './tax-choice';

const rate = (_id: string, name: string, percent: string): TaxRate => ({ _id, name, rate: percent, createdAt: '', updatedAt: '' });
const rates = [rate('r1', 'State', '8.8750'), rate('r2', 'VAT', '20.0000')];
const none = { taxRateID: null, taxExempt: false };
const exempt = { taxRateID: null, taxExempt: true };
const vat = { taxRateID: 'r2', taxExempt: false };

describe('tax choice', () => {
  it('turns a stored choice into the select value and back, every value sending both fields', () => {
    for (const own of [none, exempt, vat]) expect(taxFields(taxChoiceValue(own))).toEqual(own);
    expect(taxChoiceValue(none)).toBe(TAX_DEFAULT);
    expect(taxChoiceValue(exempt)).toBe(TAX_EXEMPT);
    expect(taxFields(undefined)).toEqual(none);
  });

  it('offers no own choice, exempt, then each rate with its percent, per level', () => {
    expect(taxChoiceOptions('item', rates).map((option) => option.label)).toEqual(["Location's default rate", 'Exempt from tax', 'State (8.875%)', 'VAT (20%)']);
    expect(taxChoiceOptions('variant', []).map((option) => option.label)).toEqual(['Same as the item', 'Exempt from tax']);
    // A chosen rate not loaded yet keeps an option, never a bare id.
    expect(taxChoiceOptions('item', [], 'r2').at(-1)).toEqual({ value: 'r2', label: 'A tax rate' });
  });

  it('says a choice in words, and what a variant falls back to', () => {
    expect(taxChoiceText(vat, 'item', rates)).toBe('VAT (20%)');
    expect(taxChoiceText(exempt, 'item', rates)).toBe('Exempt');
    expect(taxChoiceText(none, 'item', rates)).toBe("The location's default rate");
    expect(taxChoiceText(none, 'variant', rates)).toBe('Same as the item');
    expect(itemTaxHint(vat, rates)).toBe("The item's tax: VAT (20%).");
    expect(itemTaxHint(none, rates)).toBe("The item's tax: the location's default rate.");
    expect(itemTaxHint(exempt, rates)).toBe("The item's tax: exempt.");
  });

  it('tells a variant whose own choice differs from its item', () => {
    expect(differsFromItem(none, vat)).toBe(false);
    expect(differsFromItem(vat, vat)).toBe(false);
    expect(differsFromItem(exempt, vat)).toBe(true);
    expect(differsFromItem(vat, none)).toBe(true);
  });

  it("puts the API's tax field errors on the one Tax select, leaving the rest where they were", () => {
    expect(taxErrorsOnChoice({ taxRateID: ['No such tax rate in your business.'], price: ['Price is required.'], 'variants.0.taxRateID': ['x'] })).toEqual({
      taxChoice: ['No such tax rate in your business.'],
      price: ['Price is required.'],
      'variants.0.taxRateID': ['x'],
    });
  });
});
