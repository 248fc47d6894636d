/** Why reading a calendar's busy times failed, as a person reads it: stored with the calendar's sync state. */
export const calendarBusyMessages = {
  wrongPassword: 'The calendar server refused the user name or app password',
  calendarNotFound: 'The calendar was not found on the server: it may have been deleted',
  hostNotFound: 'Calendar server not found: check the server address',
  unreachable: 'The calendar server could not be reached',
  timeout: 'The calendar server did not answer in time',
  privateAddress: 'This calendar server is on a private or local network address, which this server may not connect to',
  tooLarge: 'The calendar is too large to read',
  unreadable: 'The calendar server’s answer could not be read',
  /** Any other status: with the server's own code, so the user (or their provider's help page) can act on it. */
  serverAnswered: 'The calendar server answered:',
} as const;
