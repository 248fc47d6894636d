import { z } from 'zod';

/** The one shape of every non-2xx body. */
export const errorBodySchema = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Paging of every list endpoint: a bounded page, never "everything". */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int() });

export const idParamSchema = z.object({ id: z.uuid({ message: 'Not found' }) });

/** Trimmed optional text: empty becomes null, as the spec stores it. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/** The body of a POST that carries no data (sign-out): nothing, or an empty object. */
export const emptyBodySchema = z.object({}).strict().optional();
