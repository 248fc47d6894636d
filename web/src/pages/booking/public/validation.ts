import { bookingInputSchema, type BookingInput } from '@common/booking';

export interface BookingValues {
  name: string;
  email: string;
  notes: string;
}
export type BookingErrors = Partial<Record<keyof BookingValues, string>>;

export type BookingCheck = { input: BookingInput; errors?: undefined } | { input?: undefined; errors: BookingErrors };

/** The form's checks: the server's own schema, giving the cleaned input or each field's first message. */
export function checkBooking(values: BookingValues & { start: string; idempotencyKey: string }): BookingCheck {
  const result = bookingInputSchema.safeParse(values);
  if (result.success) return { input: result.data };
  const errors: BookingErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (field === 'name' || field === 'email' || field === 'notes') errors[field] ??= issue.message;
  }
  return { errors };
}
