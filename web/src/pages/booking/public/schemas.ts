// What needs zod, in a chunk of its own: the page shows (and starts its first request) without waiting for it.
export { bookingConfirmationSchema, publicBookingOwnerSchema, slotsSchema } from '@common/booking';
export { checkBooking } from './validation';
