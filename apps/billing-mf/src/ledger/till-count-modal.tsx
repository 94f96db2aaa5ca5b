import { Form, Input, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import Big from 'big.js';
import { tillQueryOptions } from '@stockbook/api-client';
import { TillCountRequestSchema, type Location, type TillCountResponse } from '@stockbook/contracts';
import { moneyText, readDecimal, tillDifferenceShown, type CurrencyCode } from '@stockbook/domain';
import { FormModal, schemaRule, useFormSubmit } from '@stockbook/ui/antd';
import type { MoneyMovements } from './use-money-movements';

interface Values {
  locationID?: string;
  counted: string;
  note: string;
}

const shape = TillCountRequestSchema.shape;

interface Props {
  /** The locations where the user may count the till (count:till). */
  locations: readonly Location[];
  starting: string | undefined;
  currency: CurrencyCode;
  money(amount: string): string;
  movements: MoneyMovements;
  onClose(): void;
  onSaved(saved: TillCountResponse): void;
}

/**
 * Count the till (issue 22, rule 5): the location, the cash it should hold (its cash
 * transactions), the cash counted and a note; the over or short is shown as it is typed, and on
 * saving is booked as a Till transaction in cash.
 */
export function TillCountModal({ locations, starting, currency, money, movements, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const locationId = Form.useWatch('locationID', form) ?? starting;
  const counted = Form.useWatch('counted', form) ?? '';
  const till = useQuery({ ...tillQueryOptions(locationId ?? ''), enabled: Boolean(locationId) });
  const expected = till.data?.expected;
  const typed = readDecimal(counted.trim(), 2);
  const { submit, saving, formError } = useFormSubmit(form, async (values: Values) => {
    onSaved(await movements.countTill.mutateAsync({ locationID: values.locationID ?? '', counted: values.counted.trim(), note: values.note.trim() }));
  });
  return (
    <FormModal title="Count the till" okText="Save count" onCancel={onClose} form={form} saving={saving} formError={formError}>
      <Form<Values> form={form} name="till-count" layout="vertical" initialValues={{ locationID: starting, counted: '', note: '' }} onFinish={submit}>
        <Form.Item label="Location" name="locationID" required rules={[schemaRule(shape.locationID)]}>
          <Select placeholder="The till's location" options={locations.map((one) => ({ value: one._id, label: one.name }))} />
        </Form.Item>
        <p data-testid="till-expected">
          Cash the till should hold: <strong>{expected !== undefined ? money(expected) : locationId ? 'Loading...' : 'choose a location'}</strong>
        </p>
        <Form.Item label="Cash counted" name="counted" required rules={[schemaRule(shape.counted)]}>
          <Input inputMode="decimal" autoComplete="off" autoFocus />
        </Form.Item>
        {expected !== undefined && typed && (
          <Typography.Paragraph role="status" data-testid="till-difference" strong>
            {tillDifferenceShown(moneyText(typed.minus(new Big(expected))), currency)}
          </Typography.Paragraph>
        )}
        <Form.Item label="Note" name="note" rules={[schemaRule(shape.note, { optional: true })]}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
