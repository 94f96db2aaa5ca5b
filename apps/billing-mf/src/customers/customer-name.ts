import type { Customer } from '@stockbook/contracts';

/** A person as the screens name them: "Mia Reader" (a customer, a cashier, whoever recorded something). */
export const customerName = (customer: Pick<Customer, 'firstName' | 'lastName'>) => `${customer.firstName} ${customer.lastName}`.trim();
