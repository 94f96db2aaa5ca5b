import { Alert, Button, Form, Input, Select } from 'antd';
import { useRef, useState } from 'react';
import { ApiError } from '@stockbook/api-client';
import { CapitalRequestSchema, type Location, type MoneyMovementResponse } from '@stockbook/contracts';
import { FormModal, schemaRule, useFormSubmit } from '@stockbook/ui/antd';
import type { MoneyMovements } from './use-money-movements';

export type MovementKind = 'capital' | 'withdrawal';

interface Values {
  locationID?: string;
  amount: string;
  description: string;
}

const shape = CapitalRequestSchema.shape;

const WORDS: Record<MovementKind, { title: string; ok: string; where: string }> = {
  capital: { title: 'Add capital', ok: 'Add capital', where: 'The location the money goes into' },
  withdrawal: { title: 'Withdraw', ok: 'Withdraw', where: 'The location the money comes out of' },
};

interface Props {
  kind: MovementKind;
  /** The locations the administrator may put money into or take it out of. */
  locations: readonly Location[];
  /** The location to start with (the ledger's, else the working location). */
  starting: string | undefined;
  movements: MoneyMovements;
  onClose(): void;
  onSaved(saved: MoneyMovementResponse): void;
}

/**
 * Capital put into a location or a withdrawal taken out of it (administrators only): location,
 * amount, description. A withdrawal beyond the location's balance is refused (409
 * INSUFFICIENT_BALANCE, on the amount); the dialog then says so and offers "Withdraw anyway",
 * which sends the request again saying so explicitly (`allowNegativeBalance`).
 */
export function MoneyMovementModal({ kind, locations, starting, movements, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const [shortfall, setShortfall] = useState<string | null>(null);
  // Set by "Withdraw anyway" for the one submit it starts (a ref: the submit runs before a re-render).
  const anyway = useRef(false);
  const { submit, saving, formError } = useFormSubmit(form, async (values: Values) => {
    const request = { locationID: values.locationID ?? '', amount: values.amount.trim(), description: values.description.trim() };
    try {
      onSaved(kind === 'capital' ? await movements.capital.mutateAsync(request) : await movements.withdrawal.mutateAsync({ ...request, allowNegativeBalance: anyway.current }));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INSUFFICIENT_BALANCE') setShortfall(error.message);
      throw error;
    } finally {
      anyway.current = false;
    }
  });
  const words = WORDS[kind];
  const withdrawAnyway = () => {
    anyway.current = true;
    form.submit();
  };
  return (
    <FormModal title={words.title} okText={words.ok} onCancel={onClose} form={form} saving={saving} formError={formError}>
      {shortfall && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title="Not enough money at this location"
          description={`${shortfall} Withdraw anyway to leave the location's balance below zero.`}
          action={
            <Button size="small" danger loading={saving} onClick={withdrawAnyway}>
              Withdraw anyway
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<Values>
        form={form}
        name={`money-${kind}`}
        layout="vertical"
        initialValues={{ locationID: starting && locations.some((one) => one._id === starting) ? starting : undefined, amount: '', description: '' }}
        onValuesChange={() => setShortfall(null)}
        onFinish={submit}
      >
        <Form.Item label="Location" name="locationID" required rules={[schemaRule(shape.locationID)]} extra={words.where}>
          <Select placeholder="Choose a location" options={locations.map((one) => ({ value: one._id, label: one.name }))} />
        </Form.Item>
        <Form.Item label="Amount" name="amount" required rules={[schemaRule(shape.amount)]}>
          <Input inputMode="decimal" autoComplete="off" autoFocus />
        </Form.Item>
        <Form.Item label="Description" name="description" rules={[schemaRule(shape.description, { optional: true })]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
