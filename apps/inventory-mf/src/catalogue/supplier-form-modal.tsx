import { Form, Input } from 'antd';
import { AddSupplierRequestSchema, type Supplier } from '@stockbook/contracts';
import { FormModal, schemaRule, useFormSubmit } from '@stockbook/ui/antd';
import type { CatalogueWrites } from './use-catalogue-writes';

interface Values {
  name: string;
  address: string;
  contactNumber: string;
  email: string;
}

const fields = AddSupplierRequestSchema.shape;

/** Add or edit a supplier: name, address, contact number, e-mail. */
export function SupplierFormModal({ supplier, writes, onClose, onSaved }: { supplier?: Supplier; writes: CatalogueWrites; onClose(): void; onSaved(supplier: Supplier): void }) {
  const [form] = Form.useForm<Values>();
  const { submit, saving, formError } = useFormSubmit(form, async (values: Values) => {
    const saved = supplier ? await writes.updateSupplier.mutateAsync({ _id: supplier._id, ...values }) : await writes.addSupplier.mutateAsync(values);
    onSaved(saved.supplier);
  });
  return (
    <FormModal
      title={supplier ? `Edit ${supplier.name}` : 'Add a supplier'}
      okText={supplier ? 'Save changes' : 'Add supplier'}
      onCancel={onClose}
      form={form}
      saving={saving}
      formError={formError}
    >
      <Form<Values>
        form={form}
        name={supplier ? 'edit-supplier' : 'add-supplier'}
        layout="vertical"
        initialValues={{ name: supplier?.name ?? '', address: supplier?.address ?? '', contactNumber: supplier?.contactNumber ?? '', email: supplier?.email ?? '' }}
        onFinish={submit}
      >
        <Form.Item label="Name" name="name" required rules={[schemaRule(fields.name)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Address" name="address" rules={[schemaRule(fields.address)]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Form.Item label="Contact number" name="contactNumber" rules={[schemaRule(fields.contactNumber)]}>
          <Input type="tel" autoComplete="off" />
        </Form.Item>
        <Form.Item label="E-mail" name="email" rules={[schemaRule(fields.email)]}>
          <Input type="email" autoComplete="off" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
