// What needs zod, in a chunk of its own: the page shows (and starts its first request) without waiting for it.
export { publicBookingApi } from '@common/booking-public-api';
export { checkBooking } from './validation';
