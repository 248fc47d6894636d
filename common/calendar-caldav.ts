import { z } from 'zod';

// The CalDAV calendar of Calendar Integration (issue 31): a user's own account on any CalDAV server, reached with an
// app password; the product publishes to one of its calendars and reads busy times from others.

export const caldavStatuses = ['connected', 'error'] as const;
export type CaldavStatus = (typeof caldavStatuses)[number];

/** What the product publishes: bookings always, tasks with due dates and deal activities when chosen. */
export const caldavPublishKinds = ['booking', 'task', 'activity'] as const;
export type CaldavPublishKind = (typeof caldavPublishKinds)[number];

/** The most calendars one account may read busy times from. */
export const MAX_CALDAV_READ_CALENDARS = 20;

export const caldavMessages = {
  title: 'CalDAV calendar',
  intro:
    'Connect iCloud, Fastmail, Nextcloud or any CalDAV server with an app password. Your bookings appear in the calendar you choose, and events in the calendars you read block your booking slots.',
  serverUrl: 'Server URL',
  serverUrlHint: 'For example https://caldav.icloud.com or https://caldav.fastmail.com',
  username: 'User name',
  appPassword: 'App password',
  passwordKept: 'Leave blank to keep the saved app password',
  testConnection: 'Test connection',
  testing: 'Testing…',
  testOk: 'Connected. Choose your calendars below.',
  publishTo: 'Calendar to publish to',
  readFrom: 'Calendars to read busy times from',
  options: 'What to publish',
  bookingsAlways: 'Bookings are always published.',
  publishTasks: 'Publish tasks with due dates',
  publishActivities: 'Publish deal activities',
  showTitles: 'Show titles of busy events',
  save: 'Save',
  saving: 'Saving…',
  saved: 'CalDAV calendar saved',
  saveFailed: 'Failed to save the CalDAV calendar',
  loadFailed: 'Failed to load the CalDAV calendar',
  server: 'Server',
  status: 'Status',
  statusLabels: { connected: 'Connected', error: 'Error' } satisfies Record<CaldavStatus, string>,
  lastError: 'Last error',
  reconnect: 'Reconnect',
  edit: 'Edit',
  cancel: 'Cancel',
  disconnect: 'Disconnect',
  disconnectConfirm: 'Disconnect the CalDAV calendar?',
  disconnectDetail:
    'The events Pipewise published are removed from your calendar, and busy times are no longer read from it.',
  disconnected: 'CalDAV calendar disconnected',
  disconnectedUnreachable:
    'CalDAV calendar disconnected. The server could not be reached, so the events Pipewise published may still be in your calendar.',
  disconnectFailed: 'Failed to disconnect the CalDAV calendar',
  // Input
  serverUrlRequired: 'Server URL is required',
  serverUrlInvalid: 'Enter a full https:// address',
  serverUrlTooLong: 'Server URL must be at most 2,000 characters',
  serverUrlNotHttps: 'Use an https:// address (http only for this server’s own network, when the operator allows it)',
  usernameRequired: 'User name is required',
  usernameTooLong: 'User name must be at most 300 characters',
  passwordRequired: 'App password is required',
  passwordTooLong: 'App password must be at most 1,000 characters',
  passwordAgain: 'Enter the app password again for the new server or user name',
  publishCalendarRequired: 'Choose a calendar to publish to',
  calendarInvalid: 'Choose one of the account’s calendars',
  tooManyReadCalendars: `Choose at most ${MAX_CALDAV_READ_CALENDARS} calendars to read`,
  notConnected: 'No CalDAV calendar is connected',
  // The server's answers, as the user reads them
  wrongPassword: 'The server refused the user name or app password',
  serverNotFound: 'No server was found at this address',
  unreachable: 'The server could not be reached',
  timeout: 'The server took too long to answer',
  privateAddress: 'This address is on a private network, which this server does not call',
  tlsFailed: 'The server’s certificate could not be verified',
  notCaldav: 'This address is not a CalDAV server',
  noCalendars: 'This account has no calendars for events',
  calendarGone: 'The calendar no longer exists on the server',
  serverRefused: 'The server refused the event',
  answerTooLarge: 'The server’s answer was too large',
} as const;

const serverUrlSchema = z
  .string({ message: caldavMessages.serverUrlRequired })
  .trim()
  .min(1, caldavMessages.serverUrlRequired)
  .max(2000, caldavMessages.serverUrlTooLong)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && !url.username;
    } catch {
      return false;
    }
  }, caldavMessages.serverUrlInvalid);

const usernameSchema = z
  .string({ message: caldavMessages.usernameRequired })
  .trim()
  .min(1, caldavMessages.usernameRequired)
  .max(300, caldavMessages.usernameTooLong);

/** Left out or blank: the saved one is kept (refused when the server or the user name changed). */
const passwordSchema = z
  .string()
  .max(1000, caldavMessages.passwordTooLong)
  .optional()
  .transform((value) => (value ? value : undefined));

const calendarUrlSchema = z
  .string({ message: caldavMessages.calendarInvalid })
  .min(1, caldavMessages.publishCalendarRequired)
  .max(2000, caldavMessages.calendarInvalid);

/** POST …/caldav/test: the credentials to try; nothing is saved. */
export const caldavTestInputSchema = z.strictObject({
  serverUrl: serverUrlSchema,
  username: usernameSchema,
  password: passwordSchema,
});
export type CaldavTestInput = z.input<typeof caldavTestInputSchema>;

/** PUT …/caldav: the account and the calendars chosen among those the server lists. */
export const caldavSaveInputSchema = z.strictObject({
  serverUrl: serverUrlSchema,
  username: usernameSchema,
  password: passwordSchema,
  publishCalendarUrl: calendarUrlSchema,
  readCalendarUrls: z
    .array(z.string().min(1, caldavMessages.calendarInvalid).max(2000, caldavMessages.calendarInvalid), {
      message: caldavMessages.calendarInvalid,
    })
    .max(MAX_CALDAV_READ_CALENDARS, caldavMessages.tooManyReadCalendars)
    .default([]),
  publishTasks: z.boolean().default(false),
  publishActivities: z.boolean().default(false),
  showTitles: z.boolean().default(false),
});
export type CaldavSaveInput = z.input<typeof caldavSaveInputSchema>;

export const caldavCalendarSchema = z.object({ url: z.string(), name: z.string() });
export type CaldavCalendar = z.infer<typeof caldavCalendarSchema>;

/** The account's calendars that hold events, as "Test connection" lists them. */
export const caldavCalendarListSchema = z.object({ calendars: z.array(caldavCalendarSchema) });

export const caldavConnectionSchema = z.object({
  serverUrl: z.string(),
  username: z.string(),
  /** A fixed mask: that one is saved, and not one of its characters. */
  passwordMasked: z.string(),
  publishCalendar: caldavCalendarSchema,
  readCalendars: z.array(caldavCalendarSchema),
  publishTasks: z.boolean(),
  publishActivities: z.boolean(),
  showTitles: z.boolean(),
  status: z.enum(caldavStatuses),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
});
export type CaldavConnection = z.infer<typeof caldavConnectionSchema>;

/** GET …/caldav: null when none is connected. */
export const caldavConnectionAnswerSchema = z.object({ connection: caldavConnectionSchema.nullable() });
export type CaldavConnectionAnswer = z.infer<typeof caldavConnectionAnswerSchema>;

/** DELETE …/caldav: disconnected either way; whether the published events could be removed from the server. */
export const caldavDisconnectSchema = z.object({ serverReached: z.boolean(), eventsRemoved: z.number().int() });
export type CaldavDisconnect = z.infer<typeof caldavDisconnectSchema>;

/** Whether a save must carry the app password again: the stored one stays with the server and user it was for. */
export const needsCaldavPasswordAgain = (
  before: { serverUrl: string; username: string },
  after: { serverUrl: string; username: string },
) => before.serverUrl.trim() !== after.serverUrl.trim() || before.username.trim() !== after.username.trim();
