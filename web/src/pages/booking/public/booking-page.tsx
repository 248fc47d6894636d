import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { BookingConfirmation, PublicBookingOwner, Slot } from '@common/booking';
import { bookingMessages } from '@common/booking-messages';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { FormAlert } from '../../../components/field';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { fetchOwner, fetchSlots } from './api';
import { DayPicker, SlotList } from './slot-picker';
import { clampDate, detectTimeZone } from './times';
import { useLoad } from '../../../lib/use-load';
import { useReportHeight } from '../../../lib/use-report-height';

// The form and the confirmation come after a time is picked: they load while the visitor looks at the times,
// keeping the page's first load within the public pages' budget (bench/bundle.ts).
const loadForm = () => import('./booking-form');
const loadConfirmation = () => import('./booking-confirmation');
const BookingForm = lazy(() => loadForm().then((m) => ({ default: m.BookingForm })));
const BookingConfirmationView = lazy(() => loadConfirmation().then((m) => ({ default: m.BookingConfirmationView })));

const stepFallback = (
  <div className="flex justify-center py-6">
    <Spinner label="Loading" className="size-5 text-indigo-500" />
  </div>
);

function OwnerHeader({ owner }: { owner: PublicBookingOwner }) {
  return (
    <div className="flex items-center gap-3">
      <Avatar name={owner.name} src={owner.avatarUrl} className="size-12 text-base" />
      <div className="min-w-0">
        <h1 className="truncate text-xl font-bold tracking-tight text-slate-900 dark:text-white">{owner.name}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">{owner.slotMinutes}-minute appointment</p>
      </div>
    </div>
  );
}

/**
 * /book/:userId (decisions.md item 15): a visitor picks a free time of the owner's and books it, without signing
 * in. Outside the signed-in shell and light: no query library, and it also runs inside the scheduling widget's
 * iframe, whose height it reports.
 */
export function BookingPage() {
  const { userId = '' } = useParams();
  const [timeZone, setTimeZone] = useState(detectTimeZone);
  const [pickedDate, setPickedDate] = useState<string | null>(null);
  const [selected, setSelected] = useState<Slot | null>(null);
  const [booked, setBooked] = useState<{ confirmation: BookingConfirmation; email: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const content = useRef<HTMLElement>(null);
  useReportHeight(content);
  useEffect(() => {
    void loadForm();
    void loadConfirmation();
  }, []);

  const owner = useLoad(`${userId}|${timeZone}`, () => fetchOwner(userId, timeZone));
  const rules = owner.data;
  // The page opens on the first day with a free time (the server's answer, by the slots' own rule).
  const date = rules
    ? clampDate(pickedDate ?? rules.firstFreeDate ?? rules.firstDate, rules.firstDate, rules.lastDate)
    : null;
  const slots = useLoad(rules && date && !owner.isLoading ? `${date}|${timeZone}` : null, () =>
    fetchSlots(userId, date!, timeZone),
  );
  useDocumentTitle(rules ? `Book with ${rules.name}` : 'Book an appointment');

  const chooseDate = (next: string) => {
    setPickedDate(next);
    setSelected(null);
    setNotice(null);
  };
  const chooseTimeZone = (next: string) => {
    setTimeZone(next);
    setSelected(null);
    setNotice(null);
  };
  // The time was taken meanwhile, or is no longer offered: say so and show what is free now.
  const refused = (message: string) => {
    setSelected(null);
    setNotice(message);
    slots.reload();
  };
  const bookAnother = () => {
    setBooked(null);
    setSelected(null);
    setNotice(null);
    slots.reload();
  };

  let body;
  if (!rules && owner.error) {
    const missing = isApiError(owner.error, 404) || isApiError(owner.error, 400);
    body = (
      <Card className="p-6 text-center">
        <h1 className="text-lg font-semibold">
          {missing ? bookingMessages.ownerNotFound : bookingMessages.loadFailed}
        </h1>
        {!missing && (
          <Button variant="secondary" className="mt-4" onClick={owner.reload}>
            Retry
          </Button>
        )}
      </Card>
    );
  } else if (!rules || !date) {
    body = (
      <div className="flex justify-center py-16">
        <Spinner label="Loading" className="size-6 text-indigo-500" />
      </div>
    );
  } else if (booked) {
    body = (
      <Card className="space-y-5 p-5 sm:p-6">
        <OwnerHeader owner={rules} />
        <Suspense fallback={stepFallback}>
          <BookingConfirmationView
            confirmation={booked.confirmation}
            emailedTo={rules.confirmsByEmail ? booked.email : null}
            timeZone={timeZone}
            timeFormat={rules.timeFormat}
            onBookAnother={bookAnother}
          />
        </Suspense>
      </Card>
    );
  } else {
    body = (
      <Card className="space-y-5 p-5 sm:p-6">
        <OwnerHeader owner={rules} />
        <DayPicker
          date={date}
          firstDate={rules.firstDate}
          lastDate={rules.lastDate}
          timeZone={timeZone}
          onDate={chooseDate}
          onTimeZone={chooseTimeZone}
        />
        <FormAlert message={notice} />
        <SlotList
          date={date}
          slots={slots.isLoading || owner.isLoading ? undefined : slots.data}
          failed={Boolean(slots.error)}
          onRetry={slots.reload}
          selected={selected}
          onSelect={(slot) => {
            setSelected(slot);
            setNotice(null);
          }}
          timeZone={timeZone}
          timeFormat={rules.timeFormat}
        />
        {selected && (
          <Suspense fallback={stepFallback}>
            <BookingForm
              key={selected.start}
              userId={userId}
              slot={selected}
              timeZone={timeZone}
              timeFormat={rules.timeFormat}
              onBooked={(confirmation, email) => setBooked({ confirmation, email })}
              onRefused={refused}
            />
          </Suspense>
        )}
      </Card>
    );
  }

  return (
    // Measured for the widget's iframe: the content's height, never the window's (no min-height here).
    <main ref={content} id="main" className="px-3 py-4 sm:px-6 sm:py-8">
      <div className="mx-auto w-full max-w-xl">{body}</div>
    </main>
  );
}
