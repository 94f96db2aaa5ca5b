import { Form, Input } from 'antd';
import { CreateTaxRateRequestSchema, type TaxRate } from '@stockbook/contracts';
import { FormModal, schemaRule, useFormSubmit } from '@stockbook/ui/antd';
import { taxRateInput } from './tax-rate-label';

interface TaxRateValues {
  name: string;
  /** Percent as typed: "20", "8.875". */
  rate: string;
}

// The contract's own field rules, so the form says what the API would.
const fields = CreateTaxRateRequestSchema.shape;

interface TaxRateFormModalProps {
  /** The rate to edit; none to add one. */
  taxRate?: TaxRate;
  onCancel(): void;
  onSave(values: TaxRateValues): Promise<unknown>;
  onSaved(values: TaxRateValues): void;
}

/** Add or edit a tax rate: its name and its percent. */
export function TaxRateFormModal({ taxRate, onCancel, onSave, onSaved }: TaxRateFormModalProps) {
  const [form] = Form.useForm<TaxRateValues>();
  const { submit, saving, formError } = useFormSubmit(form, async (values: TaxRateValues) => {
    const typed = { name: values.name.trim(), rate: values.rate.trim() };
    await onSave(typed);
    onSaved(typed);
  });

  return (
    <FormModal
      title={taxRate ? `Edit ${taxRate.name}` : 'Add a tax rate'}
      okText={taxRate ? 'Save changes' : 'Add rate'}
      onCancel={onCancel}
      form={form}
      saving={saving}
      formError={formError}
    >
      <Form<TaxRateValues>
        form={form}
        name={taxRate ? 'edit-tax-rate' : 'create-tax-rate'}
        layout="vertical"
        initialValues={taxRate ? { name: taxRate.name, rate: taxRateInput(taxRate.rate) } : { name: '', rate: '' }}
        onFinish={submit}
      >
        <Form.Item label="Name" name="name" required rules={[schemaRule(fields.name)]} extra="As invoices show it, for example VAT or State tax.">
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Rate (%)"
          name="rate"
          required
          rules={[schemaRule(fields.rate)]}
          extra={
            taxRate
              ? 'From 0 to 100. Sales from now on take the new rate; invoices already made keep theirs.'
              : 'From 0 to 100, for example 20 or 8.875.'
          }
        >
          <Input inputMode="decimal" autoComplete="off" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
