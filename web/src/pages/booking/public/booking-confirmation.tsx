import { useEffect, useRef } from 'react';
import { CircleCheck } from 'lucide-react';
import type { BookingConfirmation, PublicBookingOwner } from '@common/booking';
import { bookingMessages } from '@common/booking-messages';
import { Button } from '../../../components/button';
import { formatSpan, zoneLabel } from './times';

interface BookingConfirmationProps {
  confirmation: BookingConfirmation;
  timeZone: string;
  timeFormat: PublicBookingOwner['timeFormat'];
  /** The visitor's address when the server mails them a confirmation. */
  emailedTo: string | null;
  onBookAnother: () => void;
}

/** The booked time in the visitor's time zone and in the owner's, each named with its zone. */
export function BookingConfirmationView({
  confirmation,
  timeZone,
  timeFormat,
  emailedTo,
  onBookAnother,
}: BookingConfirmationProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: the confirmation takes the focus, and screen readers read it.
  useEffect(() => heading.current?.focus(), []);
  const { start, end, ownerName, ownerTimeZone } = confirmation;
  return (
    <section
      aria-labelledby="booking-confirmed"
      className="space-y-4 border-t border-slate-200 pt-5 dark:border-slate-800"
    >
      <h2
        ref={heading}
        id="booking-confirmed"
        tabIndex={-1}
        className="flex items-center gap-2 text-lg font-semibold text-slate-900 focus:outline-none dark:text-slate-100"
      >
        <CircleCheck aria-hidden="true" className="size-5 text-emerald-600 dark:text-emerald-400" />
        {bookingMessages.booked}
      </h2>
      <dl className="space-y-3 text-sm">
        <div>
          <dt className="font-medium text-slate-600 dark:text-slate-400">Your time ({zoneLabel(timeZone)})</dt>
          <dd className="text-slate-900 dark:text-slate-100">{formatSpan(start, end, timeZone, timeFormat)}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600 dark:text-slate-400">
            {ownerName}&rsquo;s time ({zoneLabel(ownerTimeZone)})
          </dt>
          <dd className="text-slate-900 dark:text-slate-100">{formatSpan(start, end, ownerTimeZone, timeFormat)}</dd>
        </div>
      </dl>
      {emailedTo && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          A confirmation with a calendar file is on its way to {emailedTo}.
        </p>
      )}
      <Button variant="secondary" onClick={onBookAnother}>
        Book another time
      </Button>
    </section>
  );
}
