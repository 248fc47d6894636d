import {
  bookingConfirmationSchema,
  bookingInputSchema,
  bookingOwnerParamSchema,
  publicBookingOwnerQuerySchema,
  publicBookingOwnerSchema,
  slotsQuerySchema,
  slotsSchema,
} from './booking';
import { publicBookingRoutes } from './booking-routes';

const params = bookingOwnerParamSchema;

/** The booking page's routes, no session (see api-route.ts). */
export const publicBookingApi = {
  owner: {
    ...publicBookingRoutes.owner,
    params,
    query: publicBookingOwnerQuerySchema,
    response: publicBookingOwnerSchema,
  },
  slots: { ...publicBookingRoutes.slots, params, query: slotsQuerySchema, response: slotsSchema },
  /** 201 a new booking, 200 the one this idempotency key already made. */
  book: {
    ...publicBookingRoutes.book,
    params,
    body: bookingInputSchema,
    response: bookingConfirmationSchema,
    status: 201 as const,
    otherResponses: { 200: bookingConfirmationSchema },
  },
};
