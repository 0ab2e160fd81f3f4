import * as z from 'zod/mini';

/**
 * One offering of the public list (SPEC call 3). service_type stays an open string: a provider
 * may add types this app does not know, and the list must still show them.
 */
export const office = z.object({
  id: z.union([z.number(), z.string()]),
  office_id: z.string(),
  service_code: z.nullish(z.string()),
  name: z.string(),
  service_type: z.string(),
  location_code: z.nullish(z.string()),
  seating_capacity: z.nullish(z.number()),
  base_monthly_rate: z.nullish(z.string()),
  is_available: z.boolean(),
  next_available_date: z.nullish(z.string()),
});
export type Office = z.infer<typeof office>;

export const officesResponse = z.object({
  success: z.boolean(),
  data: z.optional(
    z.object({
      offices: z.array(office),
      lastUpdated: z.string(),
    }),
  ),
  error: z.optional(z.string()),
});
export type OfficesResponse = z.infer<typeof officesResponse>;
