import { Alert, App, Button, DatePicker, Form, Input, Select, Space } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { accountApi, ApiError, businessQueryOptions, newIdempotencyKey, taxRatesQueryOptions } from '@stockbook/api-client';
import type { Customer, Invoice, Item } from '@stockbook/contracts';
import { totalsWithTax, type CurrencyCode, type ValuationMethod } from '@stockbook/domain';
import { useAddressAction } from '@stockbook/ui';
import { errorMessage, NotAllowed, Page, shellAnnounces, useCalendar, useCan, useCurrentUser, useMoney, useNotify } from '@stockbook/ui/antd';
import { AmountsList, PartHeading } from '../common/amounts-list';
import { useActionLocations } from '../common/sale-locations';
import { useSalesWrites } from '../common/use-sales-writes';
import { useReceiptPrinter } from '../receipts/receipt-print';
import { CustomerPicker } from './customer-picker';
import { ItemFinder, type ItemFinderHandle } from './item-finder';
import { rememberedSaleLocation, rememberSaleLocation } from './last-sale-location';
import { SaleLinesTable } from './sale-lines-table';
import { newLine, positive, priceSale, saleRequest, saleTax, saleTotals, soldEntity, type SaleLine } from './sale-lines';
import { SalePaymentFields } from './sale-payment-fields';
import { resolvePayments, type DraftPayment } from './sale-payments';

let lineCounter = 0;
const nextKey = () => `line-${(lineCounter += 1)}`;
const firstPayment = (): DraftPayment => ({ key: nextKey(), method: 'Cash', amount: '', tendered: '' });

/**
 * A new sale: the location (the app's working location to start with), items found by name, SKU
 * or barcode (a scanner types the code and Enter) with their stock there, lines with variant,
 * quantity, price, per-unit discount (and method under SELECT), the customer found or added here
 * or a walk-in, the payments (split, cash tendered and change), live totals. An oversell's refusal
 * is shown on its line. One Idempotency-Key per sale request: a second click sends the same key, so
 * it makes one invoice. Keys: Ctrl+Enter or F9 completes the sale, Escape clears the cart (after
 * asking); after a sale the scan field has the focus again and the result is announced.
 */
export function SalePage({ base }: { base: string }) {
  const can = useCan();
  const { modal } = App.useApp();
  const money = useMoney();
  const calendar = useCalendar();
  const business = useQuery(businessQueryOptions());
  const taxRates = useQuery(taxRatesQueryOptions());
  const { locations, working } = useActionLocations('create:invoice');
  const { user } = useCurrentUser();
  const [chosenLocation, setLocation] = useState<string | undefined>(undefined);
  // This visit's choice, else the header's working location, else where this user last sold, else the only one.
  const locationId = chosenLocation ?? working ?? rememberedSaleLocation(user?._id, locations) ?? (locations.length === 1 ? locations[0]!._id : undefined);
  const [lines, setLines] = useState<SaleLine[]>([]);
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [drafts, setDrafts] = useState<DraftPayment[]>(() => [firstPayment()]);
  /** A discount on the whole cart, as typed: an amount or a percent ("10%"). */
  const [cartDiscount, setCartDiscount] = useState('');
  const [showAllProblems, setShowAllProblems] = useState(false);
  /** The keys of the payment rows the last request sent, in order (a server error names them by index). */
  const [sentPayments, setSentPayments] = useState<string[]>([]);
  const [dueDate, setDueDate] = useState<Dayjs | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<Invoice | null>(null);
  const writes = useSalesWrites();
  const printer = useReceiptPrinter();
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const finder = useRef<ItemFinderHandle>(null);
  // The location and the finder are drawn first (where a cashier starts), the lines, customer,
  // payments and totals in a background render right after (React's deferred value): the whole form
  // at once held the first paint of /x/billing back by about 60 ms here.
  const whole = useDeferredValue(true, false);
  const result = useRef<HTMLDivElement>(null);

  const currency = (business.data?.currency ?? 'USD') as CurrencyCode;
  const selectMethod = business.data?.inventoryValuationMethod === 'SELECT';
  // Credit receives nothing now; otherwise the payments, the last one left empty taking the rest.
  const canDiscount = can('discount:invoice', locationId);
  const priced = priceSale(lines, canDiscount ? cartDiscount : '', currency);
  const tax = saleTax(taxRates.data ?? [], locations.find((location) => location._id === locationId)?.taxRateID ?? null, business.data?.pricesIncludeTax ?? false);
  const resolved = resolvePayments(drafts, saleTotals(lines, '', currency, priced.discounts, tax).grandTotal, currency);
  const totals = saleTotals(lines, resolved.paid, currency, priced.discounts, tax);
  const owes = positive(totals.outstanding);
  // A problem with what was typed shows at once; an amount still to type only once the sale is asked for.
  const paymentErrors = {
    ...Object.fromEntries(Object.entries(resolved.problems).filter(([field]) => showAllProblems || !/\.amount$/.test(field) || drafts.some((d) => `${d.key}.amount` === field && d.amount.trim() !== ''))),
    ...serverPaymentErrors(fieldErrors, sentPayments),
  };

  // The result where the cashier looks: scrolled clear of the sticky header (a phone's page scrolls).
  useEffect(() => {
    if (done) result.current?.scrollIntoView({ block: 'nearest' });
  }, [done]);

  // Another location's stock: the lines found at the old one no longer say what is on hand here.
  const shownLocation = useRef(locationId);
  useEffect(() => {
    if (shownLocation.current !== locationId) setLineErrors({});
    shownLocation.current = locationId;
  }, [locationId]);

  // A test receipt (the getting-started list's step, `?do=test-receipt`): printed here, where the
  // receipts are, at the sale's location, and recorded so the step is ticked.
  const queryClient = useQueryClient();
  const notify = useNotify();
  const printTestReceipt = async () => {
    printer.printTest(locationId ?? null);
    try {
      const { business: recorded } = await accountApi.recordTestReceipt();
      queryClient.setQueryData(businessQueryOptions().queryKey, recorded);
    } catch (error) {
      if (!shellAnnounces(error)) notify({ kind: 'error', title: 'The test receipt was printed but not recorded', description: errorMessage(error) });
    }
  };
  useAddressAction(can('create:invoice') ? { 'test-receipt': () => void printTestReceipt() } : {});

  if (!can('create:invoice')) {
    return (
      <Page remote="billing" title="New sale">
        <NotAllowed>You can't make sales. Ask an administrator for access.</NotAllowed>
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
    setDrafts([firstPayment()]);
    setCartDiscount('');
    setShowAllProblems(false);
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
    setShowAllProblems(true);
    if (priced.cart.asked === null) return setFieldErrors({ cartDiscount: 'Type an amount or a percent (10%).' });
    if (Object.keys(resolved.problems).length > 0) return;
    if (owes && !dueDate) return setFieldErrors({ paymentDueDate: 'A sale not paid in full needs a due date.' });
    setSentPayments(drafts.filter((draft) => resolved.payments.length > 0 && /[1-9]/.test(resolved.amounts[draft.key] ?? '')).map((draft) => draft.key));
    const body = saleRequest({
      locationID: locationId,
      customer: customer?._id ?? null,
      lines,
      selectMethod,
      discounts: priced.discounts,
      payment: { paymentMethod: resolved.paymentMethod, payments: resolved.payments, paymentDueDate: owes && dueDate ? calendar.bounds([dueDate, dueDate]).endDate : null },
    });
    // The same sale sent again (a double click, a retry) carries the same key; a changed one a new key.
    const text = JSON.stringify(body);
    if (attempt.current?.body !== text) attempt.current = { body: text, key: newIdempotencyKey() };
    try {
      const { invoice } = await writes.createInvoice.mutateAsync({ body, idempotencyKey: attempt.current.key });
      rememberSaleLocation(user?._id, locationId);
      reset();
      finder.current?.clear();
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
        const unplaced = Object.entries(rest).filter(([path]) => !['paidAmount', 'paymentDueDate', 'paymentMethod', 'customer', 'locationID'].includes(path) && !/^payments\.\d+\./.test(path));
        if (Object.keys(onLines).length === 0 || unplaced.length > 0) setFormError(error.message);
        return;
      }
      setFormError(errorMessage(error));
    }
  };

  const askToClear = () => {
    if (lines.length === 0) return;
    void modal.confirm({
      title: 'Clear this sale?',
      content: 'Its lines, customer and payments are removed. Nothing has been saved.',
      okText: 'Clear sale',
      okButtonProps: { danger: true },
      cancelText: 'Keep it',
      onOk: () => {
        reset();
        finder.current?.clear();
        finder.current?.focus();
      },
    });
  };
  /** Ctrl+Enter or F9 completes the sale; Escape (with nothing else open) asks to clear it. */
  const onKeyDown = (event: React.KeyboardEvent) => {
    if ((event.key === 'Enter' && (event.ctrlKey || event.metaKey)) || event.key === 'F9') {
      event.preventDefault();
      if (!writes.createInvoice.isPending) void submit();
    } else if (event.key === 'Escape' && !event.defaultPrevented && !document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden), .ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')) {
      // After this key's dispatch: a dialog opened during it would take the same Escape as its own and close.
      setTimeout(askToClear, 0);
    }
  };

  return (
    <Page remote="billing" title="New sale" extra={<Button onClick={() => void printTestReceipt()}>Print a test receipt</Button>}>
      {/* The result, told once: here for the eyes (beside the scan field), announced to screen readers. */}
      <div aria-live="polite" className="sb-sr-only" data-testid="sale-announcement">
        {done ? `Invoice #${done.invoiceNumber} saved` : ''}
      </div>
      {done && (
        <div ref={result} style={{ scrollMarginTop: 72 }}>
          <Alert
            type="success"
            showIcon
            style={{ marginBottom: 16 }}
            title={`Invoice #${done.invoiceNumber} saved`}
            action={
              <Space wrap>
                <Button size="small" onClick={() => printer.print(done)}>
                  Print receipt
                </Button>
                <Link to={`${base}/invoices/${done._id}`}>Open invoice #{done.invoiceNumber}</Link>
              </Space>
            }
          />
        </div>
      )}
      {formError && <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={formError} />}
      {/* Keyboard shortcuts of the whole form (Ctrl+Enter, F9, Escape); every control stays reachable by Tab. */}
      <div onKeyDown={onKeyDown}>
        <Form layout="vertical" component="div" className="sb-sale-form">
          <div className="sb-sale-head" style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
            <Form.Item label="Location" htmlFor="sale-location" style={{ minWidth: 220, flex: '0 1 260px' }} validateStatus={fieldErrors.locationID ? 'error' : undefined} help={fieldErrors.locationID}>
              <Select
                id="sale-location"
                data-testid="sale-location"
                value={locationId}
                placeholder="Choose a location"
                options={locations.map((location) => ({ value: location._id, label: location.name }))}
                onChange={(id: string) => {
                  setLocation(id);
                  rememberSaleLocation(user?._id, id);
                }}
              />
            </Form.Item>
            <div style={{ flex: '1 1 320px', minWidth: 0 }}>
              <ItemFinder ref={finder} locationId={locationId} money={money} onAdd={addItem} />
            </div>
          </div>

          {whole && (
            <>
              <SaleLinesTable
                lines={lines}
                errors={lineErrors}
                locationId={locationId}
                currency={currency}
                selectMethod={selectMethod}
                canPrice={can('price:invoice', locationId)}
                canDiscount={canDiscount}
                discounts={priced.discounts}
                money={money}
                onChange={changeLine}
                onRemove={removeLine}
              />

              <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24, marginTop: 16, alignItems: 'flex-start' }}>
                <div style={{ flex: '1 1 320px', minWidth: 0 }}>
                  <CustomerPicker customer={customer} onChange={setCustomer} writes={writes} error={fieldErrors.customer} />
                  {canDiscount && lines.length > 0 && (
                  <Form.Item
                    label="Cart discount"
                    htmlFor="sale-cart-discount"
                    style={{ maxWidth: 240 }}
                    validateStatus={fieldErrors.cartDiscount || priced.cart.asked === null ? 'error' : undefined}
                    help={fieldErrors.cartDiscount ?? (priced.cart.asked === null ? 'Type an amount or a percent (10%).' : undefined)}
                    extra={priced.cart.asked !== null && positive(priced.cart.given) ? `Spread over the lines: ${money(priced.cart.given)}` : 'An amount, or a percent such as 10%'}
                  >
                    <Input id="sale-cart-discount" autoComplete="off" value={cartDiscount} onChange={(event) => setCartDiscount(event.target.value)} />
                  </Form.Item>
                )}
                <SalePaymentFields drafts={drafts} resolved={resolved} errors={paymentErrors} money={money} onChange={setDrafts} />
                  <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
                    {owes && (
                      <Form.Item label="Due date" htmlFor="sale-due-date" required style={{ flex: '1 1 160px' }} validateStatus={fieldErrors.paymentDueDate ? 'error' : undefined} help={fieldErrors.paymentDueDate}>
                        <DatePicker id="sale-due-date" format={calendar.dateFormat} value={dueDate} onChange={(date) => setDueDate(date)} style={{ width: '100%' }} />
                      </Form.Item>
                    )}
                  </div>
                </div>
                <SaleTotals totals={totals} change={resolved.change} money={money} />
              </div>

              <div className="sb-sale-actions">
                <span className="sb-sale-actions-total" data-testid="sale-bar-total">
                  {owes ? `Outstanding ${money(totals.outstanding)} of ${money(totals.grandTotal)}` : `Total ${money(totals.grandTotal)}`}
                </span>
                <Space wrap>
                  <Button type="primary" size="large" loading={writes.createInvoice.isPending} onClick={() => void submit()} aria-keyshortcuts="Control+Enter F9">
                    Complete sale
                  </Button>
                  {lines.length > 0 && (
                    <Button size="large" onClick={askToClear} aria-keyshortcuts="Escape">
                      Clear
                    </Button>
                  )}
                </Space>
              </div>
            </>
          )}
        </Form>
      </div>
      {printer.sheet}
    </Page>
  );
}

function SaleTotals({ totals, change, money }: { totals: ReturnType<typeof saleTotals>; change: string; money: (amount: string) => string }) {
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
          ...totalsWithTax(totals),
          ['Paid', totals.paidAmount],
          ['Outstanding', totals.outstanding],
          ...(positive(change) ? [['Change due', change] as const] : []),
        ]}
      />
    </section>
  );
}

/** The server's field errors on `payments.N.field`, placed on the row sent N-th. */
function serverPaymentErrors(fieldErrors: Readonly<Record<string, string>>, sent: readonly string[]): Record<string, string> {
  const placed: Record<string, string> = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const match = /^payments\.(\d+)\.(amount|tendered|paymentMethod)$/.exec(path);
    const key = match ? sent[Number(match[1])] : undefined;
    if (key) placed[`${key}.${match![2] === 'paymentMethod' ? 'method' : match![2]}`] = message;
  }
  if (fieldErrors.payments && sent[sent.length - 1]) placed[`${sent[sent.length - 1]}.amount`] = fieldErrors.payments;
  if (fieldErrors.paidAmount && sent[0]) placed[`${sent[0]}.amount`] = fieldErrors.paidAmount;
  return placed;
}
