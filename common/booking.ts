import { z } from 'zod';
import { timeFormats } from './constants';
import { pageOf, pageQuerySchema } from './http';
import type { AvailabilityDay } from './profile';
import { isTimeZone } from './scheduling';
import { bookingMessages } from './booking-messages';

/* Client booking (issue "Client booking"; decisions items 8, 14, 15). The messages live in booking-messages.ts, so
   the public booking page shows them without loading zod. */
export { bookingMessages };

/** Everything the slot rule needs about the owner, read from their settings and availability. */
export interface SlotRules {
  /** The owner's scheduling time zone (IANA): availability times are wall-clock times there. */
  timeZone: string;
  /** Seven days, Sunday first (0 = Sunday); a day off or with end not after start offers nothing. */
  availability: readonly Pick<AvailabilityDay, 'dayOfWeek' | 'isAvailable' | 'startTime' | 'endTime'>[];
  slotMinutes: number;
  minNoticeMinutes: number;
  /** A slot's owner-local date is at most the owner's today + this many days. */
  maxAdvanceDays: number;
}

/** A half-open instant range [start, end). */
export interface TimeRange {
  start: Date;
  end: Date;
}

/** The public booking page's owner: only what a visitor may see (no e-mail, no other data). */
export const publicBookingOwnerSchema = z.object({
  name: z.string(),
  /** The versioned avatar URL, or null for initials. */
  avatarUrl: z.string().nullable(),
  initials: z.string(),
  timeFormat: z.enum(timeFormats),
  /** The owner's scheduling time zone: the confirmation shows the time there too. */
  timeZone: z.string(),
  slotMinutes: z.number().int(),
  /** The first and last dates the date picker offers, in the visitor's time zone ('YYYY-MM-DD'). */
  firstDate: z.string(),
  lastDate: z.string(),
  /** The visitor's date of the first free time, where the page opens; null when the window has none. */
  firstFreeDate: z.string().nullable(),
  /** Whether the visitor is mailed a confirmation (the server sends its own mail: SMTP_URL). */
  confirmsByEmail: z.boolean(),
});
export type PublicBookingOwner = z.infer<typeof publicBookingOwnerSchema>;

export const bookingOwnerParamSchema = z.object({ userId: z.uuid({ message: bookingMessages.ownerNotFound }) });

const visitorTimeZone = z
  .string({ message: bookingMessages.timeZoneInvalid })
  .refine(isTimeZone, { message: bookingMessages.timeZoneInvalid });

/** GET /api/public/booking/:userId?tz=… → publicBookingOwnerSchema; unknown user: 404 ownerNotFound. */
export const publicBookingOwnerQuerySchema = z.object({ tz: visitorTimeZone.default('UTC') });

/** GET /api/public/booking/:userId/slots?date=YYYY-MM-DD&tz=…: the free slots whose start falls on that date in tz. */
export const slotsQuerySchema = z.object({
  date: z.iso.date({ message: bookingMessages.dateInvalid }),
  tz: visitorTimeZone,
});
export const slotSchema = z.object({ start: z.string(), end: z.string() });
export const slotsSchema = z.object({ slots: z.array(slotSchema) });
export type Slot = z.infer<typeof slotSchema>;

/**
 * POST /api/public/booking/:userId (rate-limited per IP): 201 bookingConfirmationSchema; 409 slotTaken when the
 * time was taken meanwhile (the page then reloads the slots); 400 notASlot for a start that is not a free slot now
 * (past, inside the minimum notice, past the maximum advance, off the grid). The same `idempotencyKey` again
 * answers the booking it made (200) instead of a second one.
 */
export const bookingInputSchema = z.object({
  start: z.iso.datetime({ offset: true, message: bookingMessages.notASlot }),
  name: z
    .string({ message: bookingMessages.nameRequired })
    .trim()
    .min(1, bookingMessages.nameRequired)
    .max(200, 'Name must be at most 200 characters'),
  email: z
    .string({ message: bookingMessages.emailInvalid })
    .trim()
    .max(254, bookingMessages.emailInvalid)
    .pipe(z.email(bookingMessages.emailInvalid)),
  notes: z
    .string()
    .trim()
    .max(2000, 'Notes must be at most 2000 characters')
    .nullish()
    .transform((value) => (value ? value : null)),
  idempotencyKey: z.uuid({ message: 'Invalid idempotency key' }),
});
export type BookingInput = z.input<typeof bookingInputSchema>;

export const bookingConfirmationSchema = z.object({
  id: z.string(),
  start: z.string(),
  end: z.string(),
  ownerName: z.string(),
  ownerTimeZone: z.string(),
});
export type BookingConfirmation = z.infer<typeof bookingConfirmationSchema>;

/** The owner's view of a booking (signed in). */
export const bookingSchema = z.object({
  id: z.string(),
  bookerName: z.string(),
  bookerEmail: z.string(),
  notes: z.string().nullable(),
  start: z.string(),
  end: z.string(),
  status: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** GET /api/bookings?limit&cursor: the owner's Scheduled bookings that have not ended, soonest first. */
export const upcomingBookingsQuerySchema = pageQuerySchema;
export const bookingPageSchema = pageOf(bookingSchema);
/** GET /api/bookings/:id → bookingSchema; POST /api/bookings/:id/cancel → bookingSchema with status Cancelled. */
