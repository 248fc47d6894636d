import { del, get, post, put } from './api-route';
import {
  caldavCalendarListSchema,
  caldavConnectionAnswerSchema,
  caldavDisconnectSchema,
  caldavSaveInputSchema,
  caldavTestInputSchema,
} from './calendar-caldav';

/**
 * The CalDAV calendar of Calendar Integration (see api-route.ts): personal, under the integration's path, so an API
 * key never reaches it (common/api-keys.ts). The app password is never answered, only masked.
 */
export const caldavApi = {
  connection: get('/api/calendar/integration/caldav', { response: caldavConnectionAnswerSchema }),
  /** Checks the credentials and lists the account's event calendars; saves nothing. */
  test: post('/api/calendar/integration/caldav/test', {
    body: caldavTestInputSchema,
    response: caldavCalendarListSchema,
  }),
  save: put('/api/calendar/integration/caldav', {
    body: caldavSaveInputSchema,
    response: caldavConnectionAnswerSchema,
  }),
  /** Removes the events the product published (when the server answers), then the connection. */
  disconnect: del('/api/calendar/integration/caldav', { response: caldavDisconnectSchema }),
};
