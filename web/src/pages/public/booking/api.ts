import type { BookingConfirmation, BookingInput, PublicBookingOwner, Slot } from '@common/booking';
import { api, type Parser } from '../../../lib/api';

type Schemas = typeof import('./schemas');

/**
 * zod is a third of the page's code: its chunk loads beside the first request, and each answer is parsed once both
 * are in. The page's first load stays within the public pages' budget (bench/bundle.ts).
 */
export const loadSchemas = (): Promise<Schemas> => import('./schemas');

const raw: Parser<unknown> = { parse: (data) => data };

async function parsed<T>(request: Promise<unknown>, schema: (schemas: Schemas) => Parser<T>): Promise<T> {
  const [data, schemas] = await Promise.all([request, loadSchemas()]);
  return schema(schemas).parse(data);
}

const base = (userId: string) => `/api/public/booking/${encodeURIComponent(userId)}`;

/** The page's owner, with the dates the picker offers in the visitor's time zone. */
export const fetchOwner = (userId: string, tz: string): Promise<PublicBookingOwner> =>
  parsed(api.get(`${base(userId)}?${new URLSearchParams({ tz }).toString()}`, raw), (s) => s.publicBookingOwnerSchema);

/** The free slots starting on `date` in `tz`. */
export const fetchSlots = async (userId: string, date: string, tz: string): Promise<Slot[]> => {
  const path = `${base(userId)}/slots?${new URLSearchParams({ date, tz }).toString()}`;
  return (await parsed(api.get(path, raw), (s) => s.slotsSchema)).slots;
};

/** 201 a new booking, 200 the one this idempotency key already made. */
export const bookSlot = (userId: string, input: BookingInput): Promise<BookingConfirmation> =>
  parsed(api.post(base(userId), input, raw), (s) => s.bookingConfirmationSchema);

/** A fresh key per booking attempt; crypto.randomUUID exists only in secure contexts (https, localhost). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
