// What needs zod, in a chunk of its own: the page shows (and starts its first request) without waiting for it.
// The schemas are the visitor's routes' own (common/booking-public-api.ts), imported without the routes so that
// their paths stay in the page's chunk.
export { bookingConfirmationSchema, publicBookingOwnerSchema, slotsSchema } from '@common/booking';
export { checkBooking } from './validation';
