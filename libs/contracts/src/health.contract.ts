import { z } from 'zod';

export const HealthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({
    status: z.enum(['up', 'down']),
    latencyMs: z.number().optional(),
    embedded: z.boolean(),
    error: z.string().optional(),
  }),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/** GET health/live: the process's own liveness (it answers), whatever its database's state. */
export const LivenessResponseSchema = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });
export type LivenessResponse = z.infer<typeof LivenessResponseSchema>;
