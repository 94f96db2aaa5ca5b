import { Form, Input, Select, TreeSelect } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '@stockbook/api-client';
import { BarcodeSchema, MoneySchema, QuantitySchema, SkuSchema, UnitSchema, type Attribute } from '@stockbook/contracts';
import { schemaRule, useCurrentUser } from '@stockbook/ui/antd';
import { categoryOptions, categoryTree } from '../common/category-tree';
import type { Catalogue } from '../common/use-catalogue';
import type { TaxRates } from '../common/use-tax-rates';
import { NewCategoryInline } from './inline-create';
import { taxChoiceOptions, taxErrorsOnChoice, type TaxLevel } from './tax-choice';

export const priceRule = schemaRule(MoneySchema('Price'));
export const reorderRule = schemaRule(QuantitySchema('Reorder level'), { optional: true });

export const skuRule = schemaRule(SkuSchema, { optional: true });
export const barcodeRule = schemaRule(BarcodeSchema, { optional: true });
const unitRule = schemaRule(UnitSchema, { optional: true });

/** "" (left empty) means none: a SKU, barcode or unit as the API takes it. */
export const codeValue = (value: string | undefined | null) => (value && value.trim() ? value.trim() : null);

/**
 * SKU and barcode (an item's or a variant's: unique in the business, searchable, a scanner
 * types the barcode), and the unit of measure (an item's; its variants share it).
 */
export function CodeFields({ unit = true }: { unit?: boolean }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: 12 }}>
      <Form.Item label="SKU" name="sku" rules={[skuRule]} style={{ flex: '1 1 140px' }}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Barcode" name="barcode" rules={[barcodeRule]} style={{ flex: '1 1 160px' }}>
        <Input autoComplete="off" />
      </Form.Item>
      {unit && (
        <Form.Item label="Unit" name="unit" rules={[unitRule]} style={{ flex: '1 1 100px' }} tooltip="The unit stock is counted in, e.g. pcs, kg, box.">
          <Input autoComplete="off" placeholder="e.g. pcs" />
        </Form.Item>
      )}
    </div>
  );
}

/** "" (left empty) means no reorder level. */
export const reorderValue = (value: string | undefined | null) => (value && value.trim() ? value.trim() : null);

/** The categories picker: the tree, several may be chosen. */
export function CategoriesField({ catalogue }: { catalogue: Catalogue }) {
  return (
    <>
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
      <NewCategoryInline />
    </>
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

/** A rule refusing two values of one attribute (the API would refuse them too). */
function oneValueEachRule(attributes: readonly Attribute[]) {
  return {
    validator: async (_rule: unknown, chosen: string[] | undefined) => {
      for (const attribute of attributes) {
        const picked = attribute.values.filter((value) => (chosen ?? []).includes(value._id));
        if (picked.length > 1) throw new Error(`Choose one value of ${attribute.name}, not ${picked.map((value) => value.value).join(' and ')}.`);
      }
    },
  };
}

export function AttributeValuesField({ catalogue }: { catalogue: Catalogue }) {
  return (
    <Form.Item label="Attributes" name="attributes" extra="At most one value of each attribute." rules={[oneValueEachRule(catalogue.attributes)]}>
      <Select mode="multiple" allowClear placeholder="Choose values" options={attributeValueOptions(catalogue.attributes)} optionFilterProp="label" />
    </Form.Item>
  );
}

/** Where an administrator sets the business's tax rates (the shell's route for a tax rate). */
export const TAX_RATES_PATH = '/x/admin/business';

/** Said under a tax select while the business has no rate: where rates are set (a link for those who may). */
export function NoRatesHint() {
  const { isAdmin } = useCurrentUser();
  return isAdmin ? (
    <>
      No tax rates yet: add them in{' '}
      <Link to={TAX_RATES_PATH} style={{ textDecoration: 'underline' }}>
        Admin › Business profile
      </Link>
      .
    </>
  ) : (
    <>No tax rates yet: an administrator adds them in Admin.</>
  );
}

/** A save's failure with its tax field errors moved onto the Tax select (see taxErrorsOnChoice). */
export function onTaxField(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.fieldErrors) return error;
  const moved = new ApiError(error.status, error.message, error.code, taxErrorsOnChoice(error.fieldErrors), error.requestId);
  moved.call = error.call;
  moved.at = error.at;
  return moved;
}

/** Runs a form's save, its tax field errors moved onto the Tax select when it fails (onTaxField). */
export async function savingTax<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    throw onTaxField(error);
  }
}

interface TaxFieldProps {
  level: TaxLevel;
  taxRates: TaxRates;
  /** Said under the select (a variant's: what its item chose). */
  hint?: string;
}

/**
 * An item's or variant's own tax choice: none (the location's default rate, or for a variant its
 * item's), exempt, or one of the business's rates. Without rates it still offers none and exempt,
 * and says where rates are set.
 */
export function TaxField({ level, taxRates, hint }: TaxFieldProps) {
  const current = Form.useWatch<string | undefined>('taxChoice', Form.useFormInstance());
  const notice: ReactNode = taxRates.none ? <NoRatesHint /> : taxRates.failed ? 'Could not load the tax rates; try again later.' : null;
  const extra = hint && notice ? <>{hint} {notice}</> : (notice ?? hint);
  return (
    <Form.Item label="Tax" name="taxChoice" extra={extra}>
      <Select options={taxChoiceOptions(level, taxRates.rates, current)} />
    </Form.Item>
  );
}
