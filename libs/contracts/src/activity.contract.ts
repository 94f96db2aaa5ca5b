import { z } from 'zod';
import { IdListQuerySchema } from './locations.contract';

export const ACTIVITY_ACTIONS = ['Created', 'Added', 'Updated', 'Deleted'] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** The specification's entities, and the account entities administrators change. */
export const ACTIVITY_ENTITIES = [
  'Simple Item',
  'Variant Item',
  'Category',
  'Attribute',
  'Batch',
  'Customer',
  'Supplier',
  'Invoice',
  'Expense',
  'Withdrawal',
  'Capital',
  'Transfer',
  'User',
  'Location',
  'Business',
  'Tax Rate',
  'Till Count',
] as const;
export type ActivityEntity = (typeof ACTIVITY_ENTITIES)[number];

export const ActivitySchema = z.object({
  _id: z.string(),
  user: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string(), username: z.string() }),
  locationID: z.array(z.string()),
  action: z.enum(ACTIVITY_ACTIONS),
  entity: z.enum(ACTIVITY_ENTITIES),
  description: z.string(),
  createdAt: z.string(),
});
export type Activity = z.infer<typeof ActivitySchema>;

/** GET user/activity?page=1&limit=10&locations=...: newest first. */
export const ActivityListQuerySchema = z.strictObject({
  page: z.coerce.number({ error: 'Page must be a number.' }).int('Page must be a whole number.').min(1, 'Page must be at least 1.').default(1),
  limit: z.coerce.number({ error: 'Limit must be a number.' }).int('Limit must be a whole number.').min(1, 'Limit must be at least 1.').max(100, 'Limit must be at most 100.').default(10),
  locations: IdListQuerySchema,
});
/** What a client sends; the server fills the defaults. */
export interface ActivityListQuery {
  page?: number;
  limit?: number;
  locations?: string[];
}

export const ActivityListResponseSchema = z.object({
  data: z.array(ActivitySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ActivityListResponse = z.infer<typeof ActivityListResponseSchema>;
