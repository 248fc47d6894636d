import type { BookingConfirmation, BookingInput, PublicBookingOwner, Slot } from '@common/booking';
import type { publicBookingApi } from '@common/booking-public-api';
import { publicBookingRoutes } from '@common/booking-routes';
import { send, type Parser } from '../../../lib/api';

type Schemas = typeof import('./schemas');

/**
 * zod is a third of the page's code: its chunk loads beside the first request, and each answer is parsed once both
 * are in. The page's first load stays within the public pages' budget (bench/bundle.ts).
 */
export const loadSchemas = (): Promise<Schemas> => import('./schemas');

async function parsed<T>(request: Promise<unknown>, schema: (schemas: Schemas) => Parser<T>): Promise<T> {
  const [data, schemas] = await Promise.all([request, loadSchemas()]);
  return schema(schemas).parse(data);
}

/** The page's owner, with the dates the picker offers in the visitor's time zone. */
export const fetchOwner = (userId: string, tz: string): Promise<PublicBookingOwner> =>
  parsed(
    send<typeof publicBookingApi.owner>(publicBookingRoutes.owner, { params: { userId }, query: { tz } }),
    (s) => s.publicBookingOwnerSchema,
  );

/** The free slots starting on `date` in `tz`. */
export const fetchSlots = async (userId: string, date: string, tz: string): Promise<Slot[]> => {
  const request = send<typeof publicBookingApi.slots>(publicBookingRoutes.slots, {
    params: { userId },
    query: { date, tz },
  });
  return (await parsed(request, (s) => s.slotsSchema)).slots;
};

/** 201 a new booking, 200 the one this idempotency key already made. */
export const bookSlot = (userId: string, input: BookingInput): Promise<BookingConfirmation> =>
  parsed(
    send<typeof publicBookingApi.book>(publicBookingRoutes.book, { params: { userId }, body: input }),
    (s) => s.bookingConfirmationSchema,
  );
