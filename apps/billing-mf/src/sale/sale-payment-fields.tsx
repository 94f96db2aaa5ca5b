import { Button, Form, Input, Select, Typography } from 'antd';
import type { PaymentMethodValue } from '@stockbook/contracts';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, RECEIVING_METHODS } from '@stockbook/domain';
import { positive } from './sale-lines';
import { nextMethod, type DraftPayment, type ResolvedPayments } from './sale-payments';

const MAX_ROWS = 10;

/**
 * The payment part of New sale: one row per payment (method, amount, and for cash what was
 * tendered, with the change due), the first one's method offering Credit (nothing received now).
 * Labels name the row from the second on ("Payment 2 amount"), so each field is found by its name.
 */
export function SalePaymentFields({
  drafts,
  resolved,
  errors,
  money,
  onChange,
}: {
  drafts: readonly DraftPayment[];
  resolved: ResolvedPayments;
  /** Problems by `${key}.amount`, `${key}.tendered`, `${key}.method`. */
  errors: Readonly<Record<string, string>>;
  money(amount: string): string;
  onChange(drafts: DraftPayment[]): void;
}) {
  const onCredit = drafts[0]?.method === 'Credit';
  const change = (key: string, part: Partial<DraftPayment>) => onChange(drafts.map((draft) => (draft.key === key ? { ...draft, ...part } : draft)));
  const add = () => onChange([...drafts, { key: `payment-${Date.now()}-${drafts.length}`, method: nextMethod(drafts), amount: '', tendered: '' }]);
  const remove = (key: string) => onChange(drafts.filter((draft) => draft.key !== key));

  return (
    <div className="sb-sale-payments">
      {drafts.map((draft, index) => {
        const name = index === 0 ? '' : `Payment ${index + 1} `;
        const id = `sale-payment-${index}`;
        const last = index === drafts.length - 1;
        const amountError = errors[`${draft.key}.amount`];
        const tenderedError = errors[`${draft.key}.tendered`];
        const amount = resolved.amounts[draft.key];
        const changeDue = draft.method === 'Cash' && !tenderedError ? resolved.changes[draft.key] : undefined;
        const methods = index === 0 ? PAYMENT_METHODS : RECEIVING_METHODS;
        return (
          <div key={draft.key} role="group" aria-label={index === 0 ? 'Payment' : `Payment ${index + 1}`} style={{ display: 'flex', flexWrap: 'wrap', gap: '0 16px', alignItems: 'flex-start' }}>
            <Form.Item label={index === 0 ? 'Payment method' : `${name}method`} htmlFor={`${id}-method`} style={{ flex: '1 1 150px' }} validateStatus={errors[`${draft.key}.method`] ? 'error' : undefined} help={errors[`${draft.key}.method`]}>
              <Select
                id={`${id}-method`}
                value={draft.method}
                onChange={(method: PaymentMethodValue) => onChange(method === 'Credit' ? [{ ...draft, method, amount: '', tendered: '' }] : drafts.map((d) => (d.key === draft.key ? { ...d, method, tendered: method === 'Cash' ? d.tendered : '' } : d)))}
                options={methods.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }))}
              />
            </Form.Item>
            {onCredit ? (
              <Typography.Paragraph style={{ flex: '1 1 150px', alignSelf: 'center', margin: 0 }}>Nothing received now</Typography.Paragraph>
            ) : (
              <Form.Item
                label={index === 0 ? 'Amount paid' : `${name}amount`}
                htmlFor={`${id}-amount`}
                style={{ flex: '1 1 130px' }}
                extra={!amountError && draft.amount.trim() === '' && last ? (drafts.length === 1 ? 'Paid in full' : `The rest: ${money(amount ?? '0')}`) : undefined}
                validateStatus={amountError ? 'error' : undefined}
                help={amountError}
              >
                <Input id={`${id}-amount`} inputMode="decimal" autoComplete="off" placeholder={last ? (amount ?? '0') : ''} value={draft.amount} onChange={(event) => change(draft.key, { amount: event.target.value })} />
              </Form.Item>
            )}
            {draft.method === 'Cash' && (
              <Form.Item
                label={index === 0 ? 'Cash tendered' : `${name}cash tendered`}
                htmlFor={`${id}-tendered`}
                style={{ flex: '1 1 130px' }}
                validateStatus={tenderedError ? 'error' : undefined}
                help={tenderedError}
                extra={changeDue ? <span data-testid={`change-due-${index}`}>Change due {money(changeDue)}</span> : undefined}
              >
                <Input id={`${id}-tendered`} inputMode="decimal" autoComplete="off" value={draft.tendered} onChange={(event) => change(draft.key, { tendered: event.target.value })} />
              </Form.Item>
            )}
            {index > 0 && (
              <Button style={{ marginTop: 30 }} onClick={() => remove(draft.key)} aria-label={`Remove payment ${index + 1}`}>
                Remove
              </Button>
            )}
          </div>
        );
      })}
      {!onCredit && drafts.length < MAX_ROWS && (
        <Button onClick={add} style={{ marginBottom: 16 }}>
          Add payment
        </Button>
      )}
      {/* The change due, told to screen readers as it changes. */}
      <div aria-live="polite" className="sb-sr-only">
        {positive(resolved.change) ? `Change due ${money(resolved.change)}` : ''}
      </div>
    </div>
  );
}
