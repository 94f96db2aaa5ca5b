import { Form, Input, Select } from 'antd';
import { UpdateAttributeValueRequestSchema, type Attribute } from '@stockbook/contracts';
import { FormModal, schemaRule, useFormSubmit } from '@stockbook/ui/antd';
import type { CatalogueWrites } from './use-catalogue-writes';

interface Values {
  _id: string;
  value: string;
}

const valueRule = schemaRule(UpdateAttributeValueRequestSchema.shape.value);

/** Renames one value of an attribute: every item holding it shows the new text. */
export function ValueFormModal({ attribute, writes, onClose, onSaved }: { attribute: Attribute; writes: CatalogueWrites; onClose(): void; onSaved(): void }) {
  const [form] = Form.useForm<Values>();
  const { submit, saving, formError } = useFormSubmit(form, async (values: Values) => {
    await writes.updateAttributeValue.mutateAsync(values);
    onSaved();
  });
  return (
    <FormModal title={`Rename a value of ${attribute.name}`} okText="Rename value" onCancel={onClose} form={form} saving={saving} formError={formError}>
      <Form<Values> form={form} name="rename-value" layout="vertical" initialValues={{ _id: attribute.values[0]?._id, value: attribute.values[0]?.value ?? '' }} onFinish={submit}>
        <Form.Item label="Value" name="_id" rules={[{ required: true, message: 'Choose a value.' }]}>
          <Select
            options={attribute.values.map((value) => ({ value: value._id, label: value.value }))}
            onChange={(id: string) => form.setFieldValue('value', attribute.values.find((value) => value._id === id)?.value ?? '')}
          />
        </Form.Item>
        <Form.Item label="New text" name="value" required rules={[valueRule]}>
          <Input autoComplete="off" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
