import { z } from 'zod';
import { ContactNumberSchema, OptionalEmailSchema } from './contact-number';

/**
 * Customers (specification, section 3 "Customer"; issue 14 point 9): who a shop sells to.
 *
 * Paths (under /api/v1/), each needing the Customers action named (at any location: customers are
 * business-wide):
 * - GET    user/customer?search=&limit=   view:customer    -> CustomerListResponse, live customers by
 *                                                            name; `search` matches first or last name,
 *                                                            e-mail or contact number (contains, any case)
 * - POST   user/customer                  create:customer  CreateCustomerRequest -> CustomerResponse (201)
 * - PATCH  user/customer                  update:customer  UpdateCustomerRequest -> CustomerResponse
 * - DELETE user/customer/{id}             delete:customer  -> { message } (soft delete: `deletedAt`; the
 *                                                            customer stays on their invoices)
 *
 * `totalPurchased` is the grand total of the customer's live (not cancelled) invoices, net of
 * refunds, as a decimal string with 4 places. A walk-in sale has no customer.
 * Live data kind: `customers` (an invoice write that changes a total also reloads it).
 */

export const CustomerSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  contactNumber: z.string(),
  address: z.string(),
  /** Σ grand total of the customer's live invoices, net of refunds (4 decimals). */
  totalPurchased: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Customer = z.infer<typeof CustomerSchema>;

export const CustomerResponseSchema = z.object({ customer: CustomerSchema });
export type CustomerResponse = z.infer<typeof CustomerResponseSchema>;
export const CustomerListResponseSchema = z.object({ customers: z.array(CustomerSchema) });
export type CustomerListResponse = z.infer<typeof CustomerListResponseSchema>;

/** GET user/customer: at most `limit` (default 100, at most 500) live customers, by name. */
export const CustomerListQuerySchema = z.strictObject({
  search: z.string().trim().max(100, 'Search at most 100 characters.').optional(),
  limit: z.coerce.number({ error: 'Limit must be a number.' }).int('Limit must be a whole number.').min(1, 'Limit must be at least 1.').max(500, 'Limit must be at most 500.').default(100),
});
export interface CustomerListQuery {
  search?: string;
  limit?: number;
}

const customerFields = {
  firstName: z.string({ error: 'First name is required.' }).trim().min(1, 'First name is required.').max(100, 'First name must be at most 100 characters.'),
  lastName: z.string().trim().max(100, 'Last name must be at most 100 characters.'),
  email: OptionalEmailSchema,
  contactNumber: ContactNumberSchema,
  address: z.string().trim().max(300, 'Address must be at most 300 characters.'),
};

/** POST user/customer: only the first name is required. */
export const CreateCustomerRequestSchema = z.strictObject({
  firstName: customerFields.firstName,
  lastName: customerFields.lastName.default(''),
  email: customerFields.email.default(''),
  contactNumber: customerFields.contactNumber.default(''),
  address: customerFields.address.default(''),
});
export type CreateCustomerRequest = z.input<typeof CreateCustomerRequestSchema>;

/** PATCH user/customer: the fields sent change; the others stay. */
export const UpdateCustomerRequestSchema = z.strictObject({
  _id: z.string({ error: 'Choose a customer.' }).uuid('Choose a customer.'),
  firstName: customerFields.firstName.optional(),
  lastName: customerFields.lastName.optional(),
  email: customerFields.email.optional(),
  contactNumber: customerFields.contactNumber.optional(),
  address: customerFields.address.optional(),
});
export type UpdateCustomerRequest = z.input<typeof UpdateCustomerRequestSchema>;
