import { Form, Input, Table } from 'antd';
import { useState } from 'react';
import type { Invoice, InvoiceLine } from '@stockbook/contracts';
import { FormModal, useFormSubmit } from '@stockbook/ui/antd';
import type { SalesWrites } from '../common/use-sales-writes';
import { quantityShown } from '../sale/sale-lines';
import { lineLabel } from './invoice-lines';

interface Values {
  /** Quantity to take back, per line id ('' or 0: none). */
  quantities: Record<string, string>;
  /** Money paid back; empty: the most allowed. */
  amount: string;
}

/** Refund: which lines and how many of each come back (never more than still sold), and the money paid back. */
export function RefundModal({ invoice, writes, onClose, onSaved }: { invoice: Invoice; writes: SalesWrites; onClose(): void; onSaved(invoice: Invoice): void }) {
  const [form] = Form.useForm<Values>();
  const [nothing, setNothing] = useState(false);
  const lines = invoice.items.filter((line) => /[1-9]/.test(line.quantity));
  const { submit, saving, formError } = useFormSubmit(form, async (values: Values) => {
    const items = Object.entries(values.quantities ?? {})
      .map(([lineID, quantity]) => ({ lineID, quantity: (quantity ?? '').trim() }))
      .filter((line) => line.quantity !== '' && /[1-9]/.test(line.quantity));
    if (items.length === 0) {
      setNothing(true);
      return;
    }
    setNothing(false);
    const { invoice: saved } = await writes.refund.mutateAsync({ invoiceID: invoice._id, items, ...(values.amount?.trim() ? { amount: values.amount.trim() } : {}) });
    onSaved(saved);
  });
  return (
    <FormModal
      title={`Refund from invoice #${invoice.invoiceNumber}`}
      okText="Refund"
      onCancel={onClose}
      form={form}
      saving={saving}
      formError={nothing ? 'Choose at least one line to refund.' : formError}
      width={640}
    >
      <Form<Values> form={form} name="refund" layout="vertical" initialValues={{ quantities: {}, amount: '' }} onFinish={submit}>
        <Table<InvoiceLine>
          rowKey="_id"
          size="small"
          pagination={false}
          dataSource={lines}
          scroll={{ x: 'max-content' }}
          aria-label="Lines to refund"
          columns={[
            { title: 'Item', key: 'item', render: (_, line) => lineLabel(line) },
            { title: 'Sold', key: 'sold', align: 'right', render: (_, line) => quantityShown(line.quantity) },
            {
              title: 'Refund',
              key: 'refund',
              render: (_, line) => (
                <Form.Item name={['quantities', line._id]} noStyle>
                  <Input aria-label={`Quantity of ${lineLabel(line)} to refund`} inputMode="decimal" placeholder="0" style={{ width: 90 }} />
                </Form.Item>
              ),
            },
          ]}
        />
        <Form.Item label="Amount paid back" name="amount" extra="Left empty: what was paid, up to the value returned." style={{ marginTop: 16 }}>
          <Input inputMode="decimal" autoComplete="off" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
