import { Alert, Button, DatePicker, Form, Input, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, businessQueryOptions, newIdempotencyKey } from '@stockbook/api-client';
import type { Customer, Invoice, Item, PaymentMethodValue } from '@stockbook/contracts';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type CurrencyCode, type ValuationMethod } from '@stockbook/domain';
import { errorMessage, NotAllowed, Page, shellAnnounces, useCan, useMoney, useNotify } from '@stockbook/ui/antd';
import { AmountsList, PartHeading } from '../common/amounts-list';
import { useActionLocations } from '../common/sale-locations';
import { useSalesWrites } from '../common/use-sales-writes';
import { useReceiptPrinter } from '../receipts/receipt-print';
import { CustomerPicker } from './customer-picker';
import { ItemFinder } from './item-finder';
import { SaleLinesTable } from './sale-lines-table';
import { newLine, positive, saleRequest, saleTotals, soldEntity, type SaleLine } from './sale-lines';

let lineCounter = 0;
const nextKey = () => `line-${(lineCounter += 1)}`;

/**
 * A new sale: the location (the app's working location to start with), items found by name, SKU
 * or barcode (a scanner types the code and Enter) with their stock there, lines with variant,
 * quantity, price, per-unit discount (and method under SELECT), the customer found or added here
 * or a walk-in, the payment, live totals. An oversell's refusal is shown on its line. One
 * Idempotency-Key per sale request: a second click sends the same key, so it makes one invoice.
 */
export function SalePage({ base }: { base: string }) {
  const can = useCan();
  const notify = useNotify();
  const money = useMoney();
  const business = useQuery(businessQueryOptions());
  const { locations, working } = useActionLocations('create:invoice');
  const [chosenLocation, setLocation] = useState<string | undefined>(undefined);
  const locationId = chosenLocation ?? working ?? (locations.length === 1 ? locations[0]!._id : undefined);
  const [lines, setLines] = useState<SaleLine[]>([]);
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethodValue>('Cash');
  const [paid, setPaid] = useState('');
  const [dueDate, setDueDate] = useState<Dayjs | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<Invoice | null>(null);
  const writes = useSalesWrites();
  const printer = useReceiptPrinter();
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const finder = useRef<{ focus(): void }>(null);

  const currency = (business.data?.currency ?? 'USD') as CurrencyCode;
  const selectMethod = business.data?.inventoryValuationMethod === 'SELECT';
  // Credit receives nothing now unless an amount is typed; any other method, the whole sale.
  const onCredit = paymentMethod === 'Credit';
  const totals = saleTotals(lines, paid.trim() === '' && onCredit ? '0' : paid, currency);
  const owes = positive(totals.outstanding);

  // Another location's stock: the lines found at the old one no longer say what is on hand here.
  const shownLocation = useRef(locationId);
  useEffect(() => {
    if (shownLocation.current !== locationId) setLineErrors({});
    shownLocation.current = locationId;
  }, [locationId]);

  if (!can('create:invoice')) {
    return (
      <Page remote="billing" title="New sale">
        <NotAllowed>Making a sale needs the create:invoice permission.</NotAllowed>
      </Page>
    );
  }

  /** `count` more of the item (or variant): added to its line when the cart has one, else a new line. */
  const addItem = (item: Item, variant: Item['subItems'][number] | undefined, count: number) => {
    setDone(null);
    setLines((current) => {
      const chosen = variant;
      const sameId = chosen?._id ?? (item.simpleItem ? item._id : null);
      const existing = sameId ? current.find((line) => soldEntity(line)?._id === sameId) : undefined;
      if (existing && /^\d+$/.test(existing.quantity.trim())) {
        return current.map((line) => (line === existing ? { ...line, quantity: String(Number(line.quantity) + count) } : line));
      }
      const line = newLine(item, nextKey(), (business.data?.inventoryValuationMethod === 'SELECT' ? 'FIFO' : business.data?.inventoryValuationMethod ?? 'FIFO') as ValuationMethod, chosen);
      return [...current, { ...line, quantity: String(count) }];
    });
  };
  const changeLine = (key: string, change: Partial<SaleLine>) => {
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...change } : line)));
    setLineErrors(({ [key]: _, ...rest }) => rest);
  };
  const removeLine = (key: string) => {
    setLines((current) => current.filter((line) => line.key !== key));
    setLineErrors(({ [key]: _, ...rest }) => rest);
    finder.current?.focus();
  };
  const reset = () => {
    setLines([]);
    setLineErrors({});
    setCustomer(null);
    setPaymentMethod('Cash');
    setPaid('');
    setDueDate(null);
    setFieldErrors({});
    attempt.current = null;
  };

  const submit = async () => {
    setFormError(null);
    setFieldErrors({});
    if (!locationId) return setFormError('Choose the location the sale is made at.');
    if (lines.length === 0) return setFormError('Add at least one line.');
    const unchosen = lines.filter((line) => !soldEntity(line));
    if (unchosen.length > 0) {
      setLineErrors(Object.fromEntries(unchosen.map((line) => [line.key, 'Choose a variant.'])));
      return;
    }
    if (owes && !dueDate) return setFieldErrors({ paymentDueDate: 'A sale not paid in full needs a due date.' });
    const body = saleRequest({
      locationID: locationId,
      customer: customer?._id ?? null,
      lines,
      selectMethod,
      payment: { paymentMethod, paidAmount: paid, paymentDueDate: owes && dueDate ? dueDate.endOf('day').toISOString() : null },
    });
    // The same sale sent again (a double click, a retry) carries the same key; a changed one a new key.
    const text = JSON.stringify(body);
    if (attempt.current?.body !== text) attempt.current = { body: text, key: newIdempotencyKey() };
    try {
      const { invoice } = await writes.createInvoice.mutateAsync({ body, idempotencyKey: attempt.current.key });
      notify({ kind: 'success', title: `Invoice #${invoice.invoiceNumber} is saved` });
      reset();
      setDone(invoice);
      if (printer.printOnInvoice) printer.print(invoice);
      finder.current?.focus();
    } catch (error) {
      if (shellAnnounces(error)) return;
      if (error instanceof ApiError && error.fieldErrors) {
        const onLines: Record<string, string> = {};
        const rest: Record<string, string> = {};
        for (const [path, messages] of Object.entries(error.fieldErrors)) {
          const match = /^items\.(\d+)(\.|$)/.exec(path);
          const line = match ? lines[Number(match[1])] : undefined;
          if (line) onLines[line.key] = [onLines[line.key], ...messages].filter(Boolean).join(' ');
          else rest[path] = messages.join(' ');
        }
        setLineErrors(onLines);
        setFieldErrors(rest);
        const unplaced = Object.entries(rest).filter(([path]) => !['paidAmount', 'paymentDueDate', 'paymentMethod', 'customer', 'locationID'].includes(path));
        if (Object.keys(onLines).length === 0 || unplaced.length > 0) setFormError(error.message);
        return;
      }
      setFormError(errorMessage(error));
    }
  };

  return (
    <Page remote="billing" title="New sale">
      {done && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          title={`Invoice #${done.invoiceNumber} is saved`}
          action={
            <Space wrap>
              <Button size="small" onClick={() => printer.print(done)}>
                Print receipt
              </Button>
              <Link to={`${base}/invoices/${done._id}`}>Open invoice #{done.invoiceNumber}</Link>
            </Space>
          }
        />
      )}
      {formError && <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={formError} />}
      <Form layout="vertical" component="div" className="sb-sale-form">
        <div className="sb-sale-head" style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
          <Form.Item label="Location" htmlFor="sale-location" style={{ minWidth: 220, flex: '0 1 260px' }} validateStatus={fieldErrors.locationID ? 'error' : undefined} help={fieldErrors.locationID}>
            <Select
              id="sale-location"
              data-testid="sale-location"
              value={locationId}
              placeholder="Choose a location"
              options={locations.map((location) => ({ value: location._id, label: location.name }))}
              onChange={(id: string) => setLocation(id)}
            />
          </Form.Item>
          <div style={{ flex: '1 1 320px', minWidth: 0 }}>
            <ItemFinder ref={finder} locationId={locationId} money={money} onAdd={addItem} />
          </div>
        </div>

        <SaleLinesTable
          lines={lines}
          errors={lineErrors}
          locationId={locationId}
          currency={currency}
          selectMethod={selectMethod}
          money={money}
          onChange={changeLine}
          onRemove={removeLine}
        />

        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24, marginTop: 16, alignItems: 'flex-start' }}>
          <div style={{ flex: '1 1 320px', minWidth: 0 }}>
            <CustomerPicker customer={customer} onChange={setCustomer} writes={writes} error={fieldErrors.customer} />
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
              <Form.Item label="Payment method" htmlFor="sale-payment-method" style={{ flex: '1 1 160px' }} validateStatus={fieldErrors.paymentMethod ? 'error' : undefined} help={fieldErrors.paymentMethod}>
                <Select
                  id="sale-payment-method"
                  value={paymentMethod}
                  onChange={(method: PaymentMethodValue) => setPaymentMethod(method)}
                  options={PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }))}
                />
              </Form.Item>
              <Form.Item
                label="Amount paid"
                htmlFor="sale-paid"
                style={{ flex: '1 1 160px' }}
                extra={paid.trim() === '' ? (onCredit ? 'Nothing received now' : 'Paid in full') : undefined}
                validateStatus={fieldErrors.paidAmount ? 'error' : undefined}
                help={fieldErrors.paidAmount}
              >
                <Input id="sale-paid" inputMode="decimal" autoComplete="off" placeholder={onCredit ? '0' : totals.grandTotal.replace(/(\.\d\d)\d*$/, '$1')} value={paid} onChange={(event) => setPaid(event.target.value)} />
              </Form.Item>
              {owes && (
                <Form.Item label="Due date" htmlFor="sale-due-date" required style={{ flex: '1 1 160px' }} validateStatus={fieldErrors.paymentDueDate ? 'error' : undefined} help={fieldErrors.paymentDueDate}>
                  <DatePicker id="sale-due-date" format="DD/MM/YYYY" value={dueDate} onChange={(date) => setDueDate(date)} style={{ width: '100%' }} />
                </Form.Item>
              )}
            </div>
          </div>
          <SaleTotals totals={totals} money={money} />
        </div>

        <Space wrap style={{ marginTop: 8 }}>
          <Button type="primary" size="large" loading={writes.createInvoice.isPending} onClick={() => void submit()}>
            Complete sale
          </Button>
          {lines.length > 0 && (
            <Button size="large" onClick={reset}>
              Clear
            </Button>
          )}
        </Space>
      </Form>
      {printer.sheet}
    </Page>
  );
}

function SaleTotals({ totals, money }: { totals: ReturnType<typeof saleTotals>; money: (amount: string) => string }) {
  return (
    <section aria-labelledby="sale-totals-heading" style={{ flex: '0 1 300px', minWidth: 240 }}>
      <PartHeading>
        <span id="sale-totals-heading">Totals</span>
      </PartHeading>
      <AmountsList
        testId="total"
        strong="Grand total"
        money={money}
        rows={[
          ['Subtotal', totals.totalAmount],
          ['Discount', totals.totalDiscount],
          ['Grand total', totals.grandTotal],
          ['Paid', totals.paidAmount],
          ['Outstanding', totals.outstanding],
        ]}
      />
    </section>
  );
}
