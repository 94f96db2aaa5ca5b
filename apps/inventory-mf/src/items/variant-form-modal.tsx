import { Form, Select } from 'antd';
import type { Item, Variant } from '@stockbook/contracts';
import { FormModal, useFormSubmit } from '@stockbook/ui/antd';
import type { Catalogue } from '../common/use-catalogue';
import { PriceFields, reorderValue } from './item-form-fields';
import type { ItemWrites } from './use-item-writes';

interface Values {
  values?: Record<string, string | undefined>;
  price: string;
  reorderLevel?: string;
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

/** Add a variant to an item (one value of each attribute, a price), or change a variant's values, price or reorder level. */
export function VariantFormModal({ item, variant, catalogue, writes, onClose, onSaved }: VariantFormModalProps) {
  const [form] = Form.useForm<Values>();
  // The attributes this item's variants vary by (all of them when it has none yet).
  const used = new Set(item.subItems.flatMap((sub) => sub.attributes.map((value) => value.attribute._id)));
  const attributes = catalogue.attributes.filter((attribute) => used.size === 0 || used.has(attribute._id));
  const current = Object.fromEntries((variant?.attributes ?? []).map((value) => [value.attribute._id, value._id]));

  const { submit, saving, formError } = useFormSubmit(form, async (values: Values) => {
    const chosen = Object.values(values.values ?? {}).filter((id): id is string => Boolean(id));
    if (chosen.length === 0) throw new Error('Choose at least one attribute value.');
    const reorderLevel = reorderValue(values.reorderLevel);
    const changedValues = chosen.slice().sort().join() !== Object.values(current).sort().join();
    const { item: saved } = variant
      ? await writes.updateVariant.mutateAsync({ _id: variant._id, price: values.price, reorderLevel, attributes: changedValues ? chosen : undefined })
      : await writes.addVariant.mutateAsync({ parentID: item._id, attributes: chosen, price: values.price, reorderLevel });
    onSaved(saved);
  });

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
        initialValues={{ values: current, price: variant?.price ?? '', reorderLevel: variant?.reorderLevel ?? '' }}
        onFinish={submit}
      >
        {attributes.map((attribute) => (
          <Form.Item key={attribute._id} label={attribute.name} name={['values', attribute._id]}>
            <Select allowClear placeholder={`Choose ${attribute.name}`} options={attribute.values.map((value) => ({ value: value._id, label: value.value }))} />
          </Form.Item>
        ))}
        <PriceFields />
      </Form>
    </FormModal>
  );
}
