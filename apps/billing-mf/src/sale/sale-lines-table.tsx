import Big from 'big.js';
import { Button, Input, Select, Space, Table, Typography } from 'antd';
import { shortfall, VALUATION_METHODS, type CurrencyCode, type ValuationMethod } from '@stockbook/domain';
import { lineTotal, onHandAt, priceForInput, quantityShown, soldEntity, type SaleLine } from './sale-lines';

interface Props {
  lines: readonly SaleLine[];
  /** A refusal per line key (an oversell's 409, a line the rules refuse). */
  errors: Readonly<Record<string, string>>;
  locationId: string | undefined;
  currency: CurrencyCode;
  selectMethod: boolean;
  /** price:invoice at the sale's location: the price can be changed (otherwise it is shown). */
  canPrice: boolean;
  /** discount:invoice at the sale's location: a discount can be given (otherwise no column). */
  canDiscount: boolean;
  /** Each line's discount per unit with its share of a cart discount, by key (the totals shown use it). */
  discounts: Readonly<Record<string, string>>;
  money(amount: string): string;
  onChange(key: string, change: Partial<SaleLine>): void;
  onRemove(key: string): void;
}

const lineName = (line: SaleLine) => line.item.itemName;

/** The quantity one step up or down (never below 1); a quantity that cannot be read starts again at 1. */
function stepped(quantity: string, by: 1 | -1): string {
  let current: Big;
  try {
    current = new Big(quantity.trim() || '0');
  } catch {
    return '1';
  }
  const next = current.plus(by);
  return (next.lt(1) ? new Big(1) : next).toString();
}

/** "Only 2 on hand here" when the line asks more than the location holds (the sale's 409 stays the rule). */
function stockWarning(line: SaleLine, locationId: string | undefined): string | null {
  const entity = soldEntity(line);
  if (!entity || !locationId) return null;
  const onHand = onHandAt(entity, locationId);
  return shortfall(line.quantity, onHand) ? `Only ${quantityShown(onHand)} on hand here.` : null;
}

/** The sale's lines: variant, quantity, price, per-unit discount (and method under SELECT), each line's total and refusal. */
export function SaleLinesTable({ lines, errors, locationId, currency, selectMethod, canPrice, canDiscount, discounts, money, onChange, onRemove }: Props) {
  const anyVariant = lines.some((line) => !line.item.simpleItem);
  return (
    <Table<SaleLine>
      className="sb-sale-lines"
      rowKey="key"
      dataSource={[...lines]}
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'No lines yet: find an item above.' }}
      aria-label="Sale lines"
      columns={[
        {
          title: 'Item',
          key: 'item',
          onCell: () => ({ 'data-label': 'Item', className: 'sb-line-item' }) as React.TdHTMLAttributes<HTMLTableCellElement>,
          render: (_, line) => (
            <>
              <span>{lineName(line)}</span>
              {errors[line.key] && (
                <Typography.Text type="danger" role="alert" id={`${line.key}-error`} style={{ display: 'block', maxWidth: 280, whiteSpace: 'normal' }}>
                  {errors[line.key]}
                </Typography.Text>
              )}
            </>
          ),
        },
        ...(anyVariant
          ? [
              {
                title: 'Variant',
                key: 'variant',
                onCell: () => ({ 'data-label': 'Variant', className: 'sb-line-wide' }) as React.TdHTMLAttributes<HTMLTableCellElement>,
                render: (_: unknown, line: SaleLine) =>
                  line.item.simpleItem ? null : (
                    <Select
                      aria-label={`Variant of ${lineName(line)}`}
                      placeholder="Choose a variant"
                      value={line.variantId ?? undefined}
                      style={{ minWidth: 180 }}
                      status={errors[line.key] && !line.variantId ? 'error' : undefined}
                      onChange={(variantId: string) => {
                        const variant = line.item.subItems.find((candidate) => candidate._id === variantId);
                        onChange(line.key, { variantId, price: variant ? priceForInput(variant.price) : line.price });
                      }}
                      options={line.item.subItems.map((variant) => ({
                        value: variant._id,
                        label: `${variant.variantName ?? ''} (${quantityShown(onHandAt(variant, locationId))} on hand)`,
                      }))}
                    />
                  ),
              },
            ]
          : []),
        {
          title: 'On hand',
          key: 'onHand',
          onCell: () => ({ 'data-label': 'On hand' }) as React.TdHTMLAttributes<HTMLTableCellElement>,
          align: 'right',
          render: (_, line) => {
            const entity = soldEntity(line);
            return entity ? quantityShown(onHandAt(entity, locationId)) : '';
          },
        },
        {
          title: 'Quantity',
          key: 'quantity',
          onCell: () => ({ 'data-label': 'Quantity' }) as React.TdHTMLAttributes<HTMLTableCellElement>,
          render: (_, line) => {
            const warning = errors[line.key] ? null : stockWarning(line, locationId);
            const described = errors[line.key] ? `${line.key}-error` : warning ? `${line.key}-stock` : undefined;
            return (
              <>
                <Space.Compact>
                  <Button tabIndex={-1} aria-label={`One fewer ${lineName(line)}`} onClick={() => onChange(line.key, { quantity: stepped(line.quantity, -1) })}>
                    −
                  </Button>
                  <Input
                    aria-label={`Quantity of ${lineName(line)}`}
                    aria-invalid={errors[line.key] || warning ? true : undefined}
                    aria-describedby={described}
                    status={errors[line.key] || warning ? 'error' : undefined}
                    inputMode="decimal"
                    value={line.quantity}
                    style={{ width: 80 }}
                    onChange={(event) => onChange(line.key, { quantity: event.target.value })}
                  />
                  <Button tabIndex={-1} aria-label={`One more ${lineName(line)}`} onClick={() => onChange(line.key, { quantity: stepped(line.quantity, 1) })}>
                    +
                  </Button>
                </Space.Compact>
                {warning && (
                  <Typography.Text type="danger" id={`${line.key}-stock`} style={{ display: 'block', whiteSpace: 'nowrap' }}>
                    {warning}
                  </Typography.Text>
                )}
              </>
            );
          },
        },
        {
          title: 'Price',
          key: 'price',
          onCell: () => ({ 'data-label': 'Price' }) as React.TdHTMLAttributes<HTMLTableCellElement>,
          render: (_, line) =>
            canPrice ? (
              <Input aria-label={`Price of ${lineName(line)}`} inputMode="decimal" value={line.price} style={{ width: 100 }} onChange={(event) => onChange(line.key, { price: event.target.value })} />
            ) : (
              <span data-testid="line-price" style={{ whiteSpace: 'nowrap' }}>
                {money(line.price)}
              </span>
            ),
        },
        ...(canDiscount
          ? [
              {
                title: 'Discount per unit',
                key: 'discount',
                onCell: () => ({ 'data-label': 'Discount per unit' }) as React.TdHTMLAttributes<HTMLTableCellElement>,
                render: (_: unknown, line: SaleLine) => (
                  <Input aria-label={`Discount per unit of ${lineName(line)}`} placeholder="0 or 10%" value={line.discount} style={{ width: 90 }} onChange={(event) => onChange(line.key, { discount: event.target.value })} />
                ),
              },
            ]
          : []),
        ...(selectMethod
          ? [
              {
                title: 'Method',
                key: 'method',
                onCell: () => ({ 'data-label': 'Method' }) as React.TdHTMLAttributes<HTMLTableCellElement>,
                render: (_: unknown, line: SaleLine) => (
                  <Select
                    aria-label={`Method of ${lineName(line)}`}
                    value={line.method}
                    style={{ width: 96 }}
                    onChange={(method: ValuationMethod) => onChange(line.key, { method })}
                    options={VALUATION_METHODS.map((method) => ({ value: method, label: method }))}
                  />
                ),
              },
            ]
          : []),
        {
          title: 'Total',
          key: 'total',
          onCell: () => ({ 'data-label': 'Total', className: 'sb-line-total' }) as React.TdHTMLAttributes<HTMLTableCellElement>,
          align: 'right',
          render: (_, line) => {
            const total = lineTotal(line, currency, discounts[line.key]);
            return <span style={{ whiteSpace: 'nowrap' }}>{total === null ? '—' : money(total)}</span>;
          },
        },
        {
          title: 'Remove',
          key: 'remove',
          onCell: () => ({ className: 'sb-line-remove' }) as React.TdHTMLAttributes<HTMLTableCellElement>,
          render: (_, line) => (
            <Button size="small" danger aria-label={`Remove ${lineName(line)}`} onClick={() => onRemove(line.key)}>
              Remove
            </Button>
          ),
        },
      ]}
    />
  );
}
