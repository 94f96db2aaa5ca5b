import { numberFormat } from './intl-formats';

/**
 * Currencies a business can keep its books in (specification, section 9).
 * Amounts travel as decimal strings (exact); formatting never goes through binary floats.
 */
export const CURRENCY_CODES = ['USD', 'GBP', 'INR', 'AUD', 'MYR', 'LKR'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

export interface CurrencyDefinition {
  readonly code: CurrencyCode;
  readonly locale: string;
  readonly symbol: string;
  /** LKR is written as symbol, a space, the number; negatives as '- symbol number'. */
  readonly spacedSymbol: boolean;
  /** What people call it, for choosing one ("US dollar"). */
  readonly name: string;
}

export const CURRENCIES: Readonly<Record<CurrencyCode, CurrencyDefinition>> = {
  USD: { code: 'USD', locale: 'en-US', symbol: '$', spacedSymbol: false, name: 'US dollar' },
  GBP: { code: 'GBP', locale: 'en-GB', symbol: '£', spacedSymbol: false, name: 'British pound' },
  INR: { code: 'INR', locale: 'en-IN', symbol: '₹', spacedSymbol: false, name: 'Indian rupee' },
  AUD: { code: 'AUD', locale: 'en-AU', symbol: '$', spacedSymbol: false, name: 'Australian dollar' },
  MYR: { code: 'MYR', locale: 'en-MY', symbol: 'RM', spacedSymbol: false, name: 'Malaysian ringgit' },
  LKR: { code: 'LKR', locale: 'en-LK', symbol: 'රු', spacedSymbol: true, name: 'Sri Lankan rupee' },
};

/** A currency as a person chooses it: "US dollar (USD)". */
export const currencyLabel = (code: CurrencyCode) => `${CURRENCIES[code].name} (${code})`;

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (CURRENCY_CODES as readonly string[]).includes(value);
}

export class UnknownCurrencyError extends Error {
  constructor(readonly currency: unknown) {
    super('Currency error');
    this.name = 'UnknownCurrencyError';
  }
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Formats an exact decimal amount ("1234.5", "-20") in the currency's locale with two
 * decimals. Throws UnknownCurrencyError ('Currency error') for a currency we do not keep.
 */
export function formatMoney(amount: string | number | bigint, currency: string): string {
  if (!isCurrencyCode(currency)) throw new UnknownCurrencyError(currency);
  const text = String(amount);
  if (!DECIMAL.test(text)) throw new RangeError(`Not a decimal amount: ${text}`);
  const definition = CURRENCIES[currency];
  const negative = text.startsWith('-') && /[1-9]/.test(text);
  const magnitude = text.replace(/^-/, '');
  const digits = numberFormat(definition.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    .format(magnitude as unknown as number); // Intl formats decimal strings exactly
  if (definition.spacedSymbol) {
    return negative ? `- ${definition.symbol} ${digits}` : `${definition.symbol} ${digits}`;
  }
  return `${negative ? '-' : ''}${definition.symbol}${digits}`;
}

/**
 * A rounded amount for a chart's axis, in the currency's symbol and locale: "£1.5k", "-$200",
 * "₹1.5L", "රු 12K". Only for a scale's ticks (floats are fine there); figures people read use
 * formatMoney.
 */
export function formatMoneyCompact(amount: number, currency: string): string {
  if (!isCurrencyCode(currency)) throw new UnknownCurrencyError(currency);
  const definition = CURRENCIES[currency];
  const digits = numberFormat(definition.locale, { notation: 'compact', maximumFractionDigits: 1 }).format(Math.abs(amount));
  const negative = amount < 0 && digits !== '0';
  if (definition.spacedSymbol) return negative ? `- ${definition.symbol} ${digits}` : `${definition.symbol} ${digits}`;
  return `${negative ? '-' : ''}${definition.symbol}${digits}`;
}
