// iCalendar texts of the calendar sync tests: time zone definitions as calendar apps write them, and a helper
// that wraps events into one object.

export const newYorkZone = `BEGIN:VTIMEZONE
TZID:America/New_York
BEGIN:DAYLIGHT
TZOFFSETFROM:-0500
TZOFFSETTO:-0400
TZNAME:EDT
DTSTART:19700308T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:-0400
TZOFFSETTO:-0500
TZNAME:EST
DTSTART:19701101T020000
RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
END:STANDARD
END:VTIMEZONE`;

export const londonZone = `BEGIN:VTIMEZONE
TZID:Europe/London
BEGIN:DAYLIGHT
TZOFFSETFROM:+0000
TZOFFSETTO:+0100
TZNAME:BST
DTSTART:19700329T010000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:+0100
TZOFFSETTO:+0000
TZNAME:GMT
DTSTART:19701025T020000
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
END:STANDARD
END:VTIMEZONE`;

/** One calendar object holding these components (VTIMEZONEs and VEVENTs), with CRLF line ends. */
export function calendarObject(...components: string[]): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Pipewise//Tests//EN', ...components, 'END:VCALENDAR'];
  return `${lines.join('\n').replace(/\r?\n/g, '\r\n')}\r\n`;
}

/** A VEVENT of these properties (each a line such as 'DTSTART;TZID=Europe/Berlin:20270302T100000'). */
export const vevent = (uid: string, ...properties: string[]) =>
  ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', ...properties, 'END:VEVENT'].join('\n');
