import { Form, Input, Select } from 'antd';
import { AddAttributeRequestSchema, type Attribute } from '@stockbook/contracts';
import { FormModal, schemaRule, useFormSubmit } from '@stockbook/ui/antd';
import { stopEscape } from '../common/stop-escape';
import type { CatalogueWrites } from './use-catalogue-writes';

interface Values {
  name: string;
  values?: string[];
}

interface AttributeFormModalProps {
  /** The attribute to rename or add values to; none to add one. */
  attribute?: Attribute;
  writes: CatalogueWrites;
  onClose(): void;
  onSaved(attribute: Attribute): void;
}

const nameRule = schemaRule(AddAttributeRequestSchema.shape.name);
const valuesRule = schemaRule(AddAttributeRequestSchema.shape.values, { optional: true });

/** Add an attribute with its values, or rename one and add values to it. */
export function AttributeFormModal({ attribute, writes, onClose, onSaved }: AttributeFormModalProps) {
  const [form] = Form.useForm<Values>();
  const { submit, saving, formError } = useFormSubmit(form, async (values: Values) => {
    const list = values.values ?? [];
    const saved = attribute
      ? await writes.updateAttribute.mutateAsync({ _id: attribute._id, name: values.name, ...(list.length ? { addValues: list } : {}) })
      : await writes.addAttribute.mutateAsync({ name: values.name, values: list });
    onSaved(saved.attribute);
  });
  return (
    <FormModal
      title={attribute ? `Edit ${attribute.name}` : 'Add an attribute'}
      okText={attribute ? 'Save changes' : 'Add attribute'}
      onCancel={onClose}
      form={form}
      saving={saving}
      formError={formError}
    >
      <Form<Values> form={form} name={attribute ? 'edit-attribute' : 'add-attribute'} layout="vertical" initialValues={{ name: attribute?.name ?? '', values: [] }} onFinish={submit}>
        <Form.Item label="Name" name="name" required rules={[nameRule]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          label={attribute ? 'Add values' : 'Values'}
          name="values"
          rules={[valuesRule]}
          extra={attribute ? `It has ${attribute.values.map((value) => value.value).join(', ') || 'no values'}. Type a value and press Enter.` : 'Type a value and press Enter.'}
        >
          <Select mode="tags" open={false} tokenSeparators={[',']} placeholder="e.g. Small, Medium, Large" onKeyDown={stopEscape} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
