import { get, patch, post, put } from './api-route';
import { bookingPageSchema, bookingSchema, upcomingBookingsQuerySchema } from './booking';
import { idParamSchema } from './http';
import {
  availabilityDayParamSchema,
  availabilityDaySchema,
  availabilityInputSchema,
  availabilitySchema,
} from './profile';
import { schedulingSettingsInputSchema, schedulingSettingsQuerySchema, schedulingSettingsSchema } from './scheduling';

/** The booking area's signed-in routes (see api-route.ts); the visitor's are in booking-public-api.ts. */
export const bookingApi = {
  upcoming: get('/api/bookings', { query: upcomingBookingsQuerySchema, response: bookingPageSchema }),
  one: get('/api/bookings/:id', { params: idParamSchema, response: bookingSchema }),
  // No body: like completing an activity, the request carries nothing and a bare POST is fine.
  cancel: post('/api/bookings/:id/cancel', { params: idParamSchema, response: bookingSchema }),
  settings: get('/api/scheduling/settings', {
    query: schedulingSettingsQuerySchema,
    response: schedulingSettingsSchema,
  }),
  updateSettings: patch('/api/scheduling/settings', {
    body: schedulingSettingsInputSchema,
    response: schedulingSettingsSchema,
  }),
  /** The weekly hours, shown on the profile screen's Scheduling Availability tab. */
  availability: get('/api/profile/availability', { response: availabilitySchema }),
  saveAvailabilityDay: put('/api/profile/availability/:day', {
    params: availabilityDayParamSchema,
    body: availabilityInputSchema,
    response: availabilityDaySchema,
  }),
};
