import { z } from 'zod';

/** The one shape of every non-2xx body. */
export const errorBodySchema = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * Paging of every list endpoint: a bounded page after a cursor (keyset paging), never "everything"
 * and never an OFFSET. The cursor is opaque to the browser: it passes back `nextCursor` as it came.
 */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(500, 'Invalid cursor').optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A page of a list: `nextCursor` is null on the last page. No total: see `countSchema`. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });
export type Page<T> = { items: T[]; nextCursor: string | null };

/** Counts stop at this many rows: a list's total is asked once per view and never costs more. */
export const COUNT_CAP = 10_000;

/** A list's total, counted up to COUNT_CAP rows; `hasMore` says there are more than `count`. */
export const countSchema = z.object({ count: z.number().int(), hasMore: z.boolean() });
export type Count = z.infer<typeof countSchema>;

export const idParamSchema = z.object({ id: z.uuid({ message: 'Not found' }) });

/**
 * A calendar date (YYYY-MM-DD) PostgreSQL can store: the ISO format alone lets year 0 through,
 * which PostgreSQL refuses.
 */
export const isoDate = (message: string) =>
  z.iso.date({ message }).refine((value) => !value.startsWith('0000'), { message });

/** A point in time with its offset (ISO 8601) that falls in years 1–9999 once read as UTC. */
export const isoInstant = (message: string) =>
  z.iso.datetime({ offset: true, message }).refine(
    (value) => {
      const year = new Date(value).getUTCFullYear();
      return year >= 1 && year <= 9999;
    },
    { message },
  );

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
