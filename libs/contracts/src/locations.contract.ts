import { z } from 'zod';
import { ContactNumberSchema } from './contact-number';

/** A shop, warehouse or any place stock is kept. */
export const LocationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  address: z.string(),
  contactNumber: z.string(),
  canSell: z.boolean(),
  /** The default tax rate of its sales (an item's or variant's own choice comes first); null for none. */
  taxRateID: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Location = z.infer<typeof LocationSchema>;

/** A query list of ids: `?locations=a&locations=b` or `?locations=a,b`. */
export const IdListQuerySchema = z
  .union([z.string().max(8_000, 'At most 200 locations.'), z.array(z.string().max(40, 'Each location must be a location id.')).max(200, 'At most 200 locations.')])
  .optional()
  .transform((value) => (value === undefined ? undefined : [value].flat().flatMap((item) => item.split(',')).filter(Boolean)))
  .pipe(z.array(z.string().uuid('Each location must be a location id.')).optional());

/** GET user/location?locations=...: the visible locations, optionally only these. */
export const LocationListQuerySchema = z.strictObject({ locations: IdListQuerySchema });
export const LocationListResponseSchema = z.object({ data: z.array(LocationSchema) });
export type LocationListResponse = z.infer<typeof LocationListResponseSchema>;

const fields = {
  name: z.string({ error: 'Name is required.' }).trim().min(1, 'Name is required.').max(120, 'Name must be at most 120 characters.'),
  address: z.string().trim().max(300, 'Address must be at most 300 characters.'),
  contactNumber: ContactNumberSchema,
  canSell: z.boolean({ error: 'Say whether the location can sell.' }),
  taxRateID: z.string({ error: 'Choose a tax rate.' }).uuid('Choose a tax rate.').nullable(),
};

/** POST user/location. */
export const CreateLocationRequestSchema = z.strictObject({
  name: fields.name,
  address: fields.address.default(''),
  contactNumber: fields.contactNumber.default(''),
  canSell: fields.canSell.default(true),
  taxRateID: fields.taxRateID.default(null),
});
export type CreateLocationRequest = z.input<typeof CreateLocationRequestSchema>;

/** PATCH user/location/:id. */
export const UpdateLocationRequestSchema = z.strictObject(fields).partial();
export type UpdateLocationRequest = z.infer<typeof UpdateLocationRequestSchema>;

export const LocationResponseSchema = z.object({ location: LocationSchema });
export type LocationResponse = z.infer<typeof LocationResponseSchema>;
