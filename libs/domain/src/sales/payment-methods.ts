/** How money reaches a sale (specification section 3, payment methods): the methods and their names. */

export const PAYMENT_METHODS = ['Cash', 'Card', 'Cheque', 'Credit', 'Bank_Transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  Cash: 'Cash',
  Card: 'Card',
  Cheque: 'Cheque',
  Credit: 'Credit',
  Bank_Transfer: 'Bank Transfer',
};

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === 'string' && (PAYMENT_METHODS as readonly string[]).includes(value);
}

/** The methods money is received by: Credit is not one (it means nothing is received now). */
export const RECEIVING_METHODS = ['Cash', 'Card', 'Cheque', 'Bank_Transfer'] as const satisfies readonly PaymentMethod[];
export type ReceivingMethod = (typeof RECEIVING_METHODS)[number];
