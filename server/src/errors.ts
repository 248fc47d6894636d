/** A failure the client caused or may see: turned into `{ error, fields }` with this status by app.ts. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    /** Headers the answer carries, e.g. Retry-After on a 429 or 503. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = () => new AppError(404, 'Not found');

/** The SQLSTATE of a database error, whichever driver raised it (Drizzle wraps the driver's error as the cause). */
export function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Postgres unique_violation, whichever driver raised it. */
export const isUniqueViolation = (error: unknown): boolean => sqlStateOf(error) === '23505';
