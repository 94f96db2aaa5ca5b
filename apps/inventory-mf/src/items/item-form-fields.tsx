import { Form, Input, Select, TreeSelect } from 'antd';
import { MoneySchema, QuantitySchema, type Attribute } from '@stockbook/contracts';
import { schemaRule } from '@stockbook/ui/antd';
import { categoryOptions, categoryTree } from '../common/category-tree';
import type { Catalogue } from '../common/use-catalogue';

export const priceRule = schemaRule(MoneySchema('Price'));
export const reorderRule = schemaRule(QuantitySchema('Reorder level'), { optional: true });

/** "" (left empty) means no reorder level. */
export const reorderValue = (value: string | undefined | null) => (value && value.trim() ? value.trim() : null);

/** The categories picker: the tree, several may be chosen. */
export function CategoriesField({ catalogue }: { catalogue: Catalogue }) {
  return (
    <Form.Item label="Categories" name="categories">
      <TreeSelect
        multiple
        allowClear
        treeDefaultExpandAll
        placeholder="Choose categories"
        treeData={categoryOptions(categoryTree(catalogue.categories))}
        showSearch={{ treeNodeFilterProp: 'title' }}
      />
    </Form.Item>
  );
}

/** The attribute values of a simple item: at most one of each attribute, grouped by attribute. */
export function attributeValueOptions(attributes: readonly Attribute[]) {
  return attributes.map((attribute) => ({
    label: attribute.name,
    title: attribute.name,
    options: attribute.values.map((value) => ({ value: value._id, label: `${attribute.name}: ${value.value}` })),
  }));
}

export function PriceFields({ prefix = [] as (string | number)[] }) {
  return (
    <>
      <Form.Item label="Price" name={[...prefix, 'price']} required rules={[priceRule]}>
        <Input inputMode="decimal" autoComplete="off" />
      </Form.Item>
      <Form.Item label="Reorder level" name={[...prefix, 'reorderLevel']} rules={[reorderRule]} extra="Flagged as low stock at or under this quantity.">
        <Input inputMode="decimal" autoComplete="off" />
      </Form.Item>
    </>
  );
}

export function AttributeValuesField({ catalogue }: { catalogue: Catalogue }) {
  return (
    <Form.Item label="Attributes" name="attributes" extra="At most one value of each attribute.">
      <Select mode="multiple" allowClear placeholder="Choose values" options={attributeValueOptions(catalogue.attributes)} optionFilterProp="label" />
    </Form.Item>
  );
}
