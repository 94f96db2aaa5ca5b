import { Button, Form, Radio, Typography } from 'antd';
import { useEffect } from 'react';
import type { Business } from '@stockbook/contracts';
import { FormAlert, useFormSubmit } from '@stockbook/ui/antd';

interface TaxStyleValues {
  pricesIncludeTax: boolean;
}

/** The two ways a business's prices and tax go together (libs/domain's tax.ts), each in a line. */
const STYLES = [
  {
    value: true,
    label: 'Prices include tax (VAT style)',
    hint: 'The customer pays the price shown; the tax is part of it.',
  },
  {
    value: false,
    label: 'Tax is added to prices (sales-tax style)',
    hint: 'The customer pays the price plus the tax, added at the sale.',
  },
] as const;

interface TaxStyleFormProps {
  business: Business;
  /** Only administrators change it; others see it read-only. */
  editable: boolean;
  onSave(pricesIncludeTax: boolean): Promise<unknown>;
  onSaved(pricesIncludeTax: boolean): void;
}

/** Whether the business's prices include their tax or have it added: PATCH user/business { pricesIncludeTax }. */
export function TaxStyleForm({ business, editable, onSave, onSaved }: TaxStyleFormProps) {
  const [form] = Form.useForm<TaxStyleValues>();
  const { submit, saving, formError } = useFormSubmit(form, async ({ pricesIncludeTax }: TaxStyleValues) => {
    await onSave(pricesIncludeTax);
    form.setFields([{ name: 'pricesIncludeTax', touched: false }]);
    onSaved(pricesIncludeTax);
  });
  const saved = business.pricesIncludeTax;
  // A style saved elsewhere (another tab, another administrator) shows once it arrives, unless
  // this person has chosen one they have not saved yet.
  useEffect(() => {
    if (!form.isFieldTouched('pricesIncludeTax')) form.setFieldsValue({ pricesIncludeTax: saved });
  }, [form, saved]);

  return (
    <Form<TaxStyleValues>
      form={form}
      name="tax-style"
      layout="vertical"
      disabled={!editable}
      initialValues={{ pricesIncludeTax: business.pricesIncludeTax }}
      onFinish={submit}
    >
      <FormAlert message={formError} />
      <Form.Item label="Prices and tax" name="pricesIncludeTax" extra="Invoices already made keep the style they were sold under.">
        <Radio.Group
          orientation="vertical"
          options={STYLES.map((style) => ({
            value: style.value,
            label: (
              <>
                {style.label}
                <Typography.Text type="secondary" style={{ display: 'block' }}>
                  {style.hint}
                </Typography.Text>
              </>
            ),
          }))}
        />
      </Form.Item>
      {editable && (
        <Button htmlType="submit" loading={saving}>
          Save tax style
        </Button>
      )}
    </Form>
  );
}
