import { Form, Input } from 'antd';
import { CreateCustomerRequestSchema, type Customer } from '@stockbook/contracts';
import { FormModal, schemaRule, useFormSubmit } from '@stockbook/ui/antd';
import type { SalesWrites } from '../common/use-sales-writes';
import { customerName } from './customer-name';

interface Values {
  firstName: string;
  lastName: string;
  email: string;
  contactNumber: string;
  address: string;
}

const fields = CreateCustomerRequestSchema.shape;

// The name lives in a file of its own, so the CSV exports (and their unit tests) read it without antd.
export { customerName };

/** Add or edit a customer: first name (required), last name, e-mail, contact number, address. */
export function CustomerFormModal({
  customer,
  initialName = '',
  writes,
  onClose,
  onSaved,
}: {
  customer?: Customer;
  /** What the cashier typed in the sale's customer search, as the new customer's name. */
  initialName?: string;
  writes: SalesWrites;
  onClose(): void;
  onSaved(customer: Customer): void;
}) {
  const [form] = Form.useForm<Values>();
  const { submit, saving, formError } = useFormSubmit(form, async (values: Values) => {
    const saved = customer ? await writes.updateCustomer.mutateAsync({ _id: customer._id, ...values }) : await writes.createCustomer.mutateAsync(values);
    onSaved(saved.customer);
  });
  const [first = '', ...rest] = initialName.trim().split(/\s+/);
  return (
    <FormModal
      title={customer ? `Edit ${customerName(customer)}` : 'Add a customer'}
      okText={customer ? 'Save changes' : 'Add customer'}
      onCancel={onClose}
      form={form}
      saving={saving}
      formError={formError}
    >
      <Form<Values>
        form={form}
        name={customer ? 'edit-customer' : 'add-customer'}
        layout="vertical"
        initialValues={{
          firstName: customer?.firstName ?? first,
          lastName: customer?.lastName ?? rest.join(' '),
          email: customer?.email ?? '',
          contactNumber: customer?.contactNumber ?? '',
          address: customer?.address ?? '',
        }}
        onFinish={submit}
      >
        <Form.Item label="First name" name="firstName" required rules={[schemaRule(fields.firstName)]}>
          <Input autoComplete="off" autoFocus />
        </Form.Item>
        <Form.Item label="Last name" name="lastName" rules={[schemaRule(fields.lastName)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="E-mail" name="email" rules={[schemaRule(fields.email)]}>
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Contact number" name="contactNumber" rules={[schemaRule(fields.contactNumber)]}>
          <Input type="tel" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Address" name="address" rules={[schemaRule(fields.address)]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
