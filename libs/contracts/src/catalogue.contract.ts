import { z } from 'zod';
import { ContactNumberSchema, OptionalEmailSchema } from './contact-number';

/**
 * Categories, attributes and suppliers: what items are described and bought by (specification,
 * section 3). Paths: user/category/*, user/attribute/*, user/supplier/*.
 */

const id = (what: string) => {
  const message = `Choose ${/^[aeiou]/i.test(what) ? 'an' : 'a'} ${what}.`;
  return z.string({ error: message }).uuid(message);
};
const name = (label: string, max = 120) =>
  z.string({ error: `${label} is required.` }).trim().min(1, `${label} is required.`).max(max, `${label} must be at most ${max} characters.`);

// ---- Categories --------------------------------------------------------------------------------

export const CategorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** 1 for a top-level category, its parent's level + 1 below. */
  level: z.number().int(),
  parentCategory: z.string().nullable(),
});
export type Category = z.infer<typeof CategorySchema>;
export const CategoryListResponseSchema = z.object({ categories: z.array(CategorySchema) });
export type CategoryListResponse = z.infer<typeof CategoryListResponseSchema>;
export const CategoryResponseSchema = z.object({ category: CategorySchema });

export const AddCategoryRequestSchema = z.strictObject({ name: name('Name'), parentCategory: id('parent category').nullable().default(null) });
export type AddCategoryRequest = z.input<typeof AddCategoryRequestSchema>;
export const UpdateCategoryRequestSchema = z.strictObject({
  _id: id('category'),
  name: name('Name').optional(),
  parentCategory: id('parent category').nullable().optional(),
});
export type UpdateCategoryRequest = z.infer<typeof UpdateCategoryRequestSchema>;

// ---- Attributes --------------------------------------------------------------------------------

export const AttributeValueSchema = z.object({ _id: z.string(), value: z.string() });
export const AttributeSchema = z.object({ _id: z.string(), name: z.string(), values: z.array(AttributeValueSchema) });
export type Attribute = z.infer<typeof AttributeSchema>;
export const AttributeListResponseSchema = z.object({ attributes: z.array(AttributeSchema) });
export type AttributeListResponse = z.infer<typeof AttributeListResponseSchema>;
export const AttributeResponseSchema = z.object({ attribute: AttributeSchema });

const values = z
  .array(name('Value', 80))
  .max(200, 'An attribute can have at most 200 values.')
  .refine((list) => new Set(list.map((value) => value.toLowerCase())).size === list.length, 'Each value must be different.');

export const AddAttributeRequestSchema = z.strictObject({ name: name('Name', 80), values: values.default([]) });
export type AddAttributeRequest = z.input<typeof AddAttributeRequestSchema>;
/** Renames an attribute and/or adds values to it. */
export const UpdateAttributeRequestSchema = z.strictObject({ _id: id('attribute'), name: name('Name', 80).optional(), addValues: values.optional() });
export type UpdateAttributeRequest = z.infer<typeof UpdateAttributeRequestSchema>;
/** Renames one value (items holding it show the new text). */
export const UpdateAttributeValueRequestSchema = z.strictObject({ _id: id('value'), value: name('Value', 80) });
export type UpdateAttributeValueRequest = z.infer<typeof UpdateAttributeValueRequestSchema>;

// ---- Suppliers ---------------------------------------------------------------------------------

export const SupplierSchema = z.object({
  _id: z.string(),
  name: z.string(),
  address: z.string(),
  contactNumber: z.string(),
  email: z.string(),
  currentBalance: z.string(),
  creditBalance: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Supplier = z.infer<typeof SupplierSchema>;
export const SupplierListResponseSchema = z.object({ suppliers: z.array(SupplierSchema) });
export type SupplierListResponse = z.infer<typeof SupplierListResponseSchema>;
export const SupplierResponseSchema = z.object({ supplier: SupplierSchema });

const supplierFields = {
  name: name('Name'),
  address: z.string().trim().max(300, 'Address must be at most 300 characters.'),
  contactNumber: ContactNumberSchema,
  email: OptionalEmailSchema,
};
export const AddSupplierRequestSchema = z.strictObject({
  name: supplierFields.name,
  address: supplierFields.address.default(''),
  contactNumber: supplierFields.contactNumber.default(''),
  email: supplierFields.email.default(''),
});
export type AddSupplierRequest = z.input<typeof AddSupplierRequestSchema>;
export const UpdateSupplierRequestSchema = z.strictObject({ _id: id('supplier'), ...supplierFields }).partial({
  name: true,
  address: true,
  contactNumber: true,
  email: true,
});
export type UpdateSupplierRequest = z.infer<typeof UpdateSupplierRequestSchema>;

export { InventoryErrorCode } from './error-codes';
