import { z } from 'zod';
import { get, post, put } from './api-route';
import {
  calendarIntegrationInputSchema,
  calendarIntegrationSchema,
  calendarQuerySchema,
  calendarSchema,
} from './calendar';

/** A feed's secret token: 32 random bytes in base64url. */
export const feedTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** The calendar area's routes (see api-route.ts). */
export const calendarApi = {
  /** Every event starting in [from, to) and the user's busy times overlapping it: one request for a whole view. */
  range: get('/api/calendar', { query: calendarQuerySchema, response: calendarSchema }),
  integration: get('/api/calendar/integration', { response: calendarIntegrationSchema }),
  saveIntegration: put('/api/calendar/integration', {
    body: calendarIntegrationInputSchema,
    response: calendarIntegrationSchema,
  }),
  // No body: like completing an activity, the request carries nothing and a bare POST is fine.
  regenerateFeed: post('/api/calendar/integration/token', { response: calendarIntegrationSchema }),
  /**
   * Public: the private .ics feed, reached by its secret token alone. A malformed token fails the params check,
   * which answers the same 404 as an unknown one.
   */
  feed: get('/api/calendar/feed/:token.ics', { params: z.object({ token: z.string().regex(feedTokenPattern) }) }),
};
