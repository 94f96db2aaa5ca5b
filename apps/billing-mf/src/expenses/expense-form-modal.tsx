import { Alert, DatePicker, Form, Input, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { CreateExpenseRequestSchema, type Expense, type Location } from '@stockbook/contracts';
import { latestTransactionsQueryOptions } from '@stockbook/api-client';
import { balanceBelowZeroAfter, EXPENSE_CATEGORIES, startOfLocalDay, todayIn, type ExpenseCategory } from '@stockbook/domain';
import { FormModal, schemaRule, useCalendar, useCan, useFormSubmit, useMoney } from '@stockbook/ui/antd';
import type { ExpenseWrites } from './use-expense-writes';

interface Values {
  locationID?: string;
  amount: string;
  category?: ExpenseCategory;
  description: string;
  date: Dayjs;
}

const shape = CreateExpenseRequestSchema.shape;

/** The moment sent for a day picked (a day of the business's time zone): now when it is today there, else noon of that day there. */
export function expenseMoment(day: Dayjs, timeZone: string, now: Date = new Date()): string {
  const picked = day.format('YYYY-MM-DD');
  if (picked === todayIn(timeZone, now)) return new Date(Math.floor(now.getTime() / 1000) * 1000).toISOString();
  return new Date(startOfLocalDay(picked, timeZone).getTime() + 12 * 3_600_000).toISOString();
}

interface Props {
  /** Where the user may add an expense (create:expense there). */
  locations: readonly Location[];
  /** The working location, the one to start with when it is among `locations`. */
  working: string | undefined;
  writes: ExpenseWrites;
  onClose(): void;
  onSaved(expense: Expense): void;
}

/** Add expense: amount, one of the nine categories, a description, the day (today to start with) and the location (the working one to start with). */
export function ExpenseFormModal({ locations, working, writes, onClose, onSaved }: Props) {
  const calendar = useCalendar();
  const [form] = Form.useForm<Values>();
  const { submit, saving, formError } = useFormSubmit(form, async (values: Values) => {
    const { expense } = await writes.create.mutateAsync({
      locationID: values.locationID ?? '',
      amount: values.amount.trim(),
      category: values.category as ExpenseCategory,
      description: values.description.trim(),
      date: expenseMoment(values.date, calendar.timeZone),
    });
    onSaved(expense);
  });
  const starting = working && locations.some((one) => one._id === working) ? working : locations.length === 1 ? locations[0]!._id : undefined;
  // A warning, not a refusal (issue 24), before an expense takes the location's balance below zero:
  // for those who may see its balance (view:transaction there).
  const can = useCan();
  const money = useMoney();
  const locationID = Form.useWatch('locationID', form) ?? starting;
  const amount = Form.useWatch('amount', form) ?? '';
  const balances = useQuery({ ...latestTransactionsQueryOptions({ limit: 1, locations: locationID ? [locationID] : [] }), enabled: Boolean(locationID) && can('view:transaction', locationID) });
  const balance = balances.data?.balances.find((one) => one.locationID === locationID)?.currentBalance;
  const after = balance === undefined ? null : balanceBelowZeroAfter(balance, amount);
  const where = locations.find((one) => one._id === locationID)?.name ?? 'this location';
  return (
    <FormModal title="Add expense" okText="Add expense" onCancel={onClose} form={form} saving={saving} formError={formError}>
      <Form<Values> form={form} name="add-expense" layout="vertical" initialValues={{ locationID: starting, amount: '', description: '', date: calendar.today() }} onFinish={submit}>
        <Form.Item label="Amount" name="amount" required rules={[schemaRule(shape.amount)]}>
          <Input inputMode="decimal" autoComplete="off" autoFocus />
        </Form.Item>
        <Form.Item label="Category" name="category" required rules={[schemaRule(shape.category)]}>
          <Select placeholder="Choose a category" options={EXPENSE_CATEGORIES.map((category) => ({ value: category, label: category }))} />
        </Form.Item>
        <Form.Item label="Description" name="description" rules={[schemaRule(shape.description, { optional: true })]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} />
        </Form.Item>
        <Form.Item label="Date" name="date" required rules={[{ required: true, message: 'Choose the day of the expense.' }]}>
          <DatePicker format={calendar.dateFormat} allowClear={false} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="Location" name="locationID" required rules={[schemaRule(shape.locationID)]}>
          <Select placeholder="Where it was paid" options={locations.map((one) => ({ value: one._id, label: one.name }))} />
        </Form.Item>
        {after !== null && balance !== undefined && (
          <Alert
            type="warning"
            showIcon
            role="status"
            title={`This takes ${where}'s balance below zero, to ${money(after)}.`}
            description={`It holds ${money(balance)} now. You can still add the expense.`}
          />
        )}
      </Form>
    </FormModal>
  );
}
