import { Button, Form, Input, Radio, Select, Space, Table, Typography, type FormRule } from 'antd';
import { AddSimpleItemRequestSchema, type Item } from '@stockbook/contracts';
import { variantCombinations } from '@stockbook/domain';
import { FormModal, schemaRule, useFormSubmit } from '@stockbook/ui/antd';
import type { Catalogue } from '../common/use-catalogue';
import { useTaxRates } from '../common/use-tax-rates';
import { NewAttributeInline } from './inline-create';
import { AttributeValuesField, barcodeRule, CategoriesField, CodeFields, codeValue, PriceFields, priceRule, savingTax, reorderRule, reorderValue, skuRule, TaxField } from './item-form-fields';
import { TAX_DEFAULT, taxChoiceOptions, taxChoiceValue, taxFields } from './tax-choice';
import type { ItemWrites } from './use-item-writes';

interface Values {
  kind: 'simple' | 'variant';
  itemName: string;
  sku?: string;
  barcode?: string;
  unit?: string;
  categories?: string[];
  price?: string;
  reorderLevel?: string;
  attributes?: string[];
  /** The item's own tax choice (tax-choice.ts): the location's default, exempt or a rate. */
  taxChoice?: string;
  /** Variant items: the attributes that vary, and the values of each. */
  variantAttributes?: string[];
  values?: Record<string, string[]>;
  variants?: Record<string, { price?: string; reorderLevel?: string; sku?: string; barcode?: string; taxChoice?: string }>;
  allPrices?: string;
}

interface ItemFormModalProps {
  /** The item to edit; none to add one. */
  item?: Item;
  catalogue: Catalogue;
  writes: ItemWrites;
  onClose(): void;
  onSaved(item: Item): void;
}

const nameRule = schemaRule(AddSimpleItemRequestSchema.shape.itemName);

/**
 * Add a simple item or an item with variants (choose attributes and values; every combination
 * becomes a variant with its own price, SKU, barcode and tax), or edit one: name, SKU, barcode, unit,
 * categories and tax, and a simple item's price, reorder level and attribute values.
 */
export function ItemFormModal({ item, catalogue, writes, onClose, onSaved }: ItemFormModalProps) {
  const [form] = Form.useForm<Values>();
  const taxRates = useTaxRates();
  const kind = Form.useWatch('kind', form) ?? (item && !item.simpleItem ? 'variant' : 'simple');
  const chosen = Form.useWatch('variantAttributes', form) ?? [];
  const chosenValues = Form.useWatch('values', form) ?? {};

  const combos = variantCombinations(
    catalogue.attributes
      .filter((attribute) => chosen.includes(attribute._id))
      .map((attribute) => ({
        attributeName: attribute.name,
        values: attribute.values.filter((value) => (chosenValues[attribute._id] ?? []).includes(value._id)).map((value) => ({ id: value._id, value: value.value })),
      })),
  );
  const comboKey = (valueIds: readonly string[]) => valueIds.join('_');

  async function save(values: Values): Promise<Item> {
    const categories = values.categories ?? [];
    const codes = { sku: codeValue(values.sku), barcode: codeValue(values.barcode), unit: codeValue(values.unit) };
    const tax = taxFields(values.taxChoice);
    if (item?.simpleItem) {
      const { item: updated } = await writes.updateItem.mutateAsync({
        _id: item._id,
        itemName: values.itemName,
        categories,
        price: values.price,
        reorderLevel: reorderValue(values.reorderLevel),
        ...codes,
        ...tax,
      });
      const before = item.attributes.map((a) => a._id).sort().join();
      if ((values.attributes ?? []).slice().sort().join() === before) return updated;
      return (await writes.updateItemAttributes.mutateAsync({ _id: item._id, attributes: values.attributes ?? [] })).item;
    }
    if (item) return (await writes.updateParent.mutateAsync({ _id: item._id, itemName: values.itemName, categories, ...codes, ...tax })).item;
    if (values.kind === 'simple') {
      return (
        await writes.addSimpleItem.mutateAsync({
          itemName: values.itemName,
          categories,
          price: values.price ?? '',
          reorderLevel: reorderValue(values.reorderLevel),
          attributes: values.attributes ?? [],
          ...codes,
          ...tax,
        })
      ).item;
    }
    if (combos.length === 0) throw new Error('Choose at least one value of an attribute: each combination becomes a variant.');
    return (
      await writes.addVariantItem.mutateAsync({
        itemName: values.itemName,
        categories,
        ...codes,
        ...tax,
        variants: combos.map((combo) => {
          const row = values.variants?.[comboKey(combo.valueIds)];
          return {
            attributes: [...combo.valueIds],
            price: row?.price ?? '',
            reorderLevel: reorderValue(row?.reorderLevel),
            sku: codeValue(row?.sku),
            barcode: codeValue(row?.barcode),
            ...taxFields(row?.taxChoice),
          };
        }),
      })
    ).item;
  }

  const { submit, saving, formError } = useFormSubmit(form, async (values: Values) => {
    onSaved(await savingTax(() => save(values)));
  });

  function applyToAll() {
    const price = form.getFieldValue('allPrices') as string | undefined;
    if (!price) return;
    form.setFieldsValue({ variants: Object.fromEntries(combos.map((combo) => [comboKey(combo.valueIds), { ...form.getFieldValue(['variants', comboKey(combo.valueIds)]), price }])) });
    void form.validateFields(combos.map((combo) => ['variants', comboKey(combo.valueIds), 'price']));
  }

  /** A column of the new variants' table: one field of each combination. */
  const comboColumn = (title: string, field: 'price' | 'reorderLevel' | 'sku' | 'barcode', rule: FormRule, decimal = false) => ({
    title,
    key: field,
    render: (_: unknown, combo: (typeof combos)[number]) => (
      <Form.Item name={['variants', comboKey(combo.valueIds), field]} rules={[rule]} style={{ margin: 0 }}>
        <Input aria-label={`${title} of ${combo.name}`} inputMode={decimal ? 'decimal' : undefined} autoComplete="off" />
      </Form.Item>
    ),
  });

  /** The new variants' tax column: each takes the item's unless given its own. */
  const taxColumn = {
    title: 'Tax',
    key: 'tax',
    render: (_: unknown, combo: (typeof combos)[number]) => (
      <Form.Item name={['variants', comboKey(combo.valueIds), 'taxChoice']} initialValue={TAX_DEFAULT} style={{ margin: 0 }}>
        <Select aria-label={`Tax of ${combo.name}`} options={taxChoiceOptions('variant', taxRates.rates)} style={{ minWidth: 170 }} popupMatchSelectWidth={false} />
      </Form.Item>
    ),
  };

  const title = item ? `Edit ${item.itemName}` : 'Add an item';
  return (
    <FormModal
      title={title}
      width={kind === 'variant' && !item ? 760 : 560}
      okText={item ? 'Save changes' : 'Add item'}
      onCancel={onClose}
      form={form}
      saving={saving}
      formError={formError}
    >
      <Form<Values>
        form={form}
        name={item ? 'edit-item' : 'create-item'}
        layout="vertical"
        initialValues={
          item
            ? {
                kind: item.simpleItem ? 'simple' : 'variant',
                itemName: item.itemName,
                sku: item.sku ?? '',
                barcode: item.barcode ?? '',
                unit: item.unit ?? '',
                categories: item.category.map((category) => category._id),
                price: item.simpleItem ? item.price : undefined,
                reorderLevel: item.reorderLevel ?? '',
                attributes: item.attributes.map((value) => value._id),
                taxChoice: taxChoiceValue(item),
              }
            : { kind: 'simple', itemName: '', sku: '', barcode: '', unit: '', categories: [], attributes: [], taxChoice: TAX_DEFAULT, variantAttributes: [], values: {}, variants: {} }
        }
        onFinish={submit}
      >
        {!item && (
          <Form.Item label="Kind" name="kind">
            <Radio.Group
              optionType="button"
              options={[
                { value: 'simple', label: 'Simple item' },
                { value: 'variant', label: 'Item with variants' },
              ]}
            />
          </Form.Item>
        )}
        <Form.Item label="Item name" name="itemName" required rules={[nameRule]}>
          <Input autoComplete="off" />
        </Form.Item>
        <CodeFields />
        <CategoriesField catalogue={catalogue} />
        {kind === 'simple' && <PriceFields />}
        <TaxField level="item" taxRates={taxRates} hint={kind === 'variant' ? 'Its variants take it unless they have their own.' : undefined} />
        {kind === 'simple' && <AttributeValuesField catalogue={catalogue} />}
        {kind === 'variant' && !item && (
          <>
            <Form.Item label="Attributes that vary" name="variantAttributes" extra="Every combination of the chosen values becomes a variant.">
              <Select
                mode="multiple"
                placeholder={catalogue.attributes.length ? 'Choose attributes' : 'No attributes yet: add one below'}
                notFoundContent="No attributes yet: add one below (Size: S, M, L)."
                options={catalogue.attributes.map((attribute) => ({ value: attribute._id, label: attribute.name }))}
                optionFilterProp="label"
              />
            </Form.Item>
            <NewAttributeInline />
            {catalogue.attributes
              .filter((attribute) => chosen.includes(attribute._id))
              .map((attribute) => (
                <Form.Item key={attribute._id} label={`${attribute.name} values`} name={['values', attribute._id]}>
                  <Select
                    mode="multiple"
                    placeholder={`Choose ${attribute.name} values`}
                    options={attribute.values.map((value) => ({ value: value._id, label: value.value }))}
                    optionFilterProp="label"
                  />
                </Form.Item>
              ))}
            {combos.length > 0 && (
              <>
                <Space.Compact style={{ marginBottom: 12 }}>
                  <Form.Item name="allPrices" noStyle>
                    <Input aria-label="Price for every variant" placeholder="Price for every variant" inputMode="decimal" style={{ width: 220 }} />
                  </Form.Item>
                  <Button onClick={applyToAll}>Apply to all</Button>
                </Space.Compact>
                <Table
                  size="small"
                  pagination={false}
                  scroll={{ x: 'max-content' }}
                  rowKey={(combo) => comboKey(combo.valueIds)}
                  dataSource={combos}
                  aria-label="Variants"
                  columns={[
                    // The variant's name stays in view while its codes are filled in further right (issue 24).
                    { title: 'Variant', key: 'name', fixed: 'left', render: (_, combo) => <Typography.Text strong>{combo.name}</Typography.Text> },
                    comboColumn('Price', 'price', priceRule, true),
                    comboColumn('Reorder level', 'reorderLevel', reorderRule, true),
                    comboColumn('SKU', 'sku', skuRule),
                    comboColumn('Barcode', 'barcode', barcodeRule),
                    taxColumn,
                  ]}
                />
              </>
            )}
          </>
        )}
      </Form>
    </FormModal>
  );
}
