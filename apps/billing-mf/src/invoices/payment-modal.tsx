import { Form, Input, Select } from 'antd';
import { AddPaymentRequestSchema, type Invoice, type ReceivingMethodValue } from '@stockbook/contracts';
import { PAYMENT_METHOD_LABELS, RECEIVING_METHODS } from '@stockbook/domain';
import { FormModal, schemaRule, useFormSubmit } from '@stockbook/ui/antd';
import type { SalesWrites } from '../common/use-sales-writes';

interface Values {
  amount: string;
  paymentMethod: ReceivingMethodValue;
}

/** Add payment: an amount (the outstanding balance to start with, never more) and its method. */
export function PaymentModal({ invoice, writes, onClose, onSaved }: { invoice: Invoice; writes: SalesWrites; onClose(): void; onSaved(invoice: Invoice): void }) {
  const [form] = Form.useForm<Values>();
  const { submit, saving, formError } = useFormSubmit(form, async (values: Values) => {
    const { invoice: saved } = await writes.addPayment.mutateAsync({ invoiceID: invoice._id, amount: values.amount.trim(), paymentMethod: values.paymentMethod });
    onSaved(saved);
  });
  return (
    <FormModal title={`Add a payment to invoice #${invoice.invoiceNumber}`} okText="Add payment" onCancel={onClose} form={form} saving={saving} formError={formError}>
      <Form<Values>
        form={form}
        name="add-payment"
        layout="vertical"
        initialValues={{ amount: invoice.outstanding.replace(/(\.\d\d)\d*$/, '$1'), paymentMethod: invoice.paymentMethod === 'Credit' ? 'Cash' : invoice.paymentMethod }}
        onFinish={submit}
      >
        <Form.Item label="Amount" name="amount" required rules={[schemaRule(AddPaymentRequestSchema.shape.amount)]}>
          <Input inputMode="decimal" autoComplete="off" autoFocus />
        </Form.Item>
        <Form.Item label="Payment method" name="paymentMethod" required>
          <Select options={RECEIVING_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }))} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
