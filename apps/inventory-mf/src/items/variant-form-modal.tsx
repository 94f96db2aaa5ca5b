import { Form, Select } from 'antd';
import { useState } from 'react';
import type { Attribute, Item, Variant } from '@stockbook/contracts';
import { FormModal, useCan, useFormSubmit } from '@stockbook/ui/antd';
import type { Catalogue } from '../common/use-catalogue';
import { stopEscape } from '../common/stop-escape';
import { useTaxRates } from '../common/use-tax-rates';
import { CodeFields, codeValue, savingTax, PriceFields, reorderValue, TaxField } from './item-form-fields';
import { itemTaxHint, taxChoiceValue, taxFields } from './tax-choice';
import type { ItemWrites } from './use-item-writes';
import { NEW_VALUE, offeredValues, type ValueChoice } from './variant-choices';

interface Values {
  values?: Record<string, ValueChoice | undefined>;
  price: string;
  reorderLevel?: string;
  sku?: string;
  barcode?: string;
  /** Its own tax choice (tax-choice.ts): the item's, exempt or a rate. */
  taxChoice?: string;
}

interface VariantFormModalProps {
  item: Item;
  /** The variant to edit; none to add one. */
  variant?: Variant;
  catalogue: Catalogue;
  writes: ItemWrites;
  onClose(): void;
  onSaved(item: Item): void;
}

const NO_VALUES = 'Choose at least one attribute value.';

/**
 * Add a variant to an item (one value of each attribute: only combinations it does not have yet,
 * and a value the attribute lacks, such as XL, can be typed and added there), or change a
 * variant's values, price, reorder level, SKU, barcode or tax.
 */
export function VariantFormModal({ item, variant, catalogue, writes, onClose, onSaved }: VariantFormModalProps) {
  const [form] = Form.useForm<Values>();
  const canAddValues = useCan()('update:attribute');
  const taxRates = useTaxRates();
  // The attributes this item's variants vary by (all of them when it has none yet).
  const used = new Set(item.subItems.flatMap((sub) => sub.attributes.map((value) => value.attribute._id)));
  const attributes = catalogue.attributes.filter((attribute) => used.size === 0 || used.has(attribute._id));
  const current = Object.fromEntries((variant?.attributes ?? []).map((value) => [value.attribute._id, value._id]));
  const chosen = (Form.useWatch('values', form) ?? current) as Record<string, ValueChoice | undefined>;
  // What is typed in each attribute's box, offered as a new value.
  const [typed, setTyped] = useState<Record<string, string>>({});
  const others = item.subItems.filter((sub) => sub._id !== variant?._id);

  /** A chosen new value is added to its attribute first; the variant then takes its id. */
  async function valueId(attribute: Attribute, choice: ValueChoice): Promise<string> {
    if (!choice.startsWith(NEW_VALUE)) return choice;
    const text = choice.slice(NEW_VALUE.length);
    const { attribute: saved } = await writes.addAttributeValue.mutateAsync({ _id: attribute._id, addValues: [text] });
    const added = saved.values.find((value) => value.value.toLowerCase() === text.toLowerCase());
    if (!added) throw new Error(`${attribute.name} has no value ${text}.`);
    return added._id;
  }

  async function save(values: Values): Promise<Item> {
    const chosenIds: string[] = [];
    for (const attribute of attributes) {
      const choice = values.values?.[attribute._id];
      if (choice) chosenIds.push(await valueId(attribute, choice));
    }
    const reorderLevel = reorderValue(values.reorderLevel);
    const fields = { sku: codeValue(values.sku), barcode: codeValue(values.barcode), ...taxFields(values.taxChoice) };
    const changedValues = chosenIds.slice().sort().join() !== Object.values(current).sort().join();
    const { item: saved } = variant
      ? await writes.updateVariant.mutateAsync({ _id: variant._id, price: values.price, reorderLevel, attributes: changedValues ? chosenIds : undefined, ...fields })
      : await writes.addVariant.mutateAsync({ parentID: item._id, attributes: chosenIds, price: values.price, reorderLevel, ...fields });
    return saved;
  }

  const { submit, saving, formError } = useFormSubmit(form, async (values: Values) => {
    onSaved(await savingTax(() => save(values)));
  });

  // At least one value: said on the first attribute, and gone as soon as any value is chosen.
  const someValue = {
    validator: async () => {
      const all = (form.getFieldValue('values') ?? {}) as Values['values'];
      if (!Object.values(all ?? {}).some(Boolean)) throw new Error(NO_VALUES);
    },
  };
  const paths = attributes.map((attribute) => ['values', attribute._id]);

  return (
    <FormModal
      title={variant ? `Edit ${variant.variantName}` : `Add a variant of ${item.itemName}`}
      okText={variant ? 'Save changes' : 'Add variant'}
      onCancel={onClose}
      form={form}
      saving={saving}
      formError={formError}
    >
      <Form<Values>
        form={form}
        name={variant ? 'edit-variant' : 'add-variant'}
        layout="vertical"
        initialValues={{
          values: current,
          price: variant?.price ?? '',
          reorderLevel: variant?.reorderLevel ?? '',
          sku: variant?.sku ?? '',
          barcode: variant?.barcode ?? '',
          taxChoice: taxChoiceValue(variant ?? { taxRateID: null, taxExempt: false }),
        }}
        onFinish={submit}
      >
        {attributes.map((attribute, index) => {
          const offered = offeredValues(attribute, attributes, chosen, others, canAddValues ? (typed[attribute._id] ?? '') : '');
          return (
            <Form.Item
              key={attribute._id}
              label={attribute.name}
              name={['values', attribute._id]}
              rules={index === 0 ? [someValue] : []}
              dependencies={index === 0 ? paths.slice(1) : []}
              extra={
                index === 0 && !variant ? `Only combinations the item does not have yet are offered${canAddValues ? '; type a new value to add it' : ''}.` : undefined
              }
            >
              <Select
                allowClear
                showSearch={{
                  filterOption: (input, option) => String(option?.label ?? '').toLowerCase().includes(input.trim().toLowerCase()) || String(option?.value).startsWith(NEW_VALUE),
                  onSearch: (text) => setTyped((all) => ({ ...all, [attribute._id]: text })),
                }}
                onKeyDown={stopEscape}
                placeholder={`Choose ${attribute.name}`}
                notFoundContent={canAddValues ? `Type a new ${attribute.name} to add it.` : `No ${attribute.name} is left.`}
                options={offered}
                onChange={() => setTyped((all) => ({ ...all, [attribute._id]: '' }))}
              />
            </Form.Item>
          );
        })}
        <PriceFields />
        <TaxField level="variant" taxRates={taxRates} hint={itemTaxHint(item, taxRates.rates)} />
        <CodeFields unit={false} />
      </Form>
    </FormModal>
  );
}
