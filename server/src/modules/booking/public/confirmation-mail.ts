import ical, { ICalCalendarMethod } from 'ical-generator';
import type { BookingConfirmation } from '@common/booking';
import type { ProductMessage } from '../../../product-mail';

// The visitor's confirmation of a booking (issue 29), sent by the product's own mail when SMTP_URL is set: the time
// in the owner's zone, and the appointment as an .ics file for the visitor's calendar. Nothing the visitor typed
// is written into it but their address: a booking page must not become a way to mail anyone one's own words.

/** When the appointment is, in words and in the owner's time zone. */
export function appointmentTime(booking: BookingConfirmation): string {
  const day = new Intl.DateTimeFormat('en-US', { timeZone: booking.ownerTimeZone, dateStyle: 'full' });
  const time = new Intl.DateTimeFormat('en-US', { timeZone: booking.ownerTimeZone, timeStyle: 'short' });
  const start = new Date(booking.start);
  return `${day.format(start)}, ${time.format(start)} – ${time.format(new Date(booking.end))} (${booking.ownerTimeZone})`;
}

/** The appointment as an iCalendar file: one event, published (no invitation to answer). */
export function appointmentIcs(booking: BookingConfirmation): string {
  const calendar = ical({
    prodId: { company: 'Pipewise', product: 'Pipewise', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: `booking-${booking.id}@pipewise`,
    start: new Date(booking.start),
    end: new Date(booking.end),
    summary: `Appointment with ${booking.ownerName}`,
  });
  return calendar.toString();
}

/** The confirmation mailed to the visitor who booked. */
export function bookingConfirmationMail(booking: BookingConfirmation, visitorEmail: string): ProductMessage {
  return {
    to: [{ address: visitorEmail }],
    subject: `Your appointment with ${booking.ownerName} is booked`,
    text: [
      `Your appointment with ${booking.ownerName} is booked:`,
      appointmentTime(booking),
      '',
      'The attached file adds it to your calendar.',
    ].join('\n'),
    attachments: [
      {
        filename: 'appointment.ics',
        content: Buffer.from(appointmentIcs(booking)),
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
  };
}
