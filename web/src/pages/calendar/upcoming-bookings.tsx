import { useInfiniteQuery } from '@tanstack/react-query';
import { CalendarCheck } from 'lucide-react';
import { bookingMessages } from '@common/booking';
import { calendarMessages } from '@common/calendar';
import { Button } from '../../components/button';
import { Card, CardHeader, CardTitle } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { Spinner } from '../../components/spinner';
import { formatSpan } from './booking-details-modal';
import { upcomingBookingsQuery } from './bookings-api';

/** The owner's coming appointments, soonest first, with "Load more"; each opens its details. */
export function UpcomingBookings({ onOpen }: { onOpen: (bookingId: string) => void }) {
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useInfiniteQuery(upcomingBookingsQuery());
  const bookings = data?.pages.flatMap((page) => page.items) ?? [];

  let content;
  if (isPending) {
    content = (
      <div className="flex justify-center py-8">
        <Spinner label="Loading upcoming bookings" className="size-5 text-indigo-500" />
      </div>
    );
  } else if (isError && bookings.length === 0) {
    content = (
      <EmptyState
        className="py-8"
        message={calendarMessages.loadFailed}
        action={
          <Button variant="secondary" size="sm" onClick={() => refetch()}>
            Retry
          </Button>
        }
      />
    );
  } else if (bookings.length === 0) {
    content = (
      <EmptyState
        className="py-8"
        icon={<CalendarCheck aria-hidden="true" className="size-5" />}
        message={bookingMessages.upcomingEmpty}
      />
    );
  } else {
    content = (
      <>
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {bookings.map((booking) => (
            <li key={booking.id}>
              <button
                type="button"
                onClick={() => onOpen(booking.id)}
                className="flex w-full flex-col gap-0.5 px-5 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500 sm:flex-row sm:items-center sm:justify-between sm:gap-4 dark:hover:bg-slate-800/60"
              >
                <span className="min-w-0 truncate text-sm font-medium text-slate-900 dark:text-slate-100">
                  {booking.bookerName}
                </span>
                <span className="shrink-0 text-sm text-slate-600 dark:text-slate-400">
                  {formatSpan(booking.start, booking.end)}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {hasNextPage && (
          <div className="border-t border-slate-200 px-5 py-3 dark:border-slate-800">
            <Button variant="secondary" size="sm" loading={isFetchingNextPage} onClick={() => fetchNextPage()}>
              Load more
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <Card>
      <section aria-labelledby="upcoming-bookings-heading">
        <CardHeader>
          <CardTitle id="upcoming-bookings-heading">{bookingMessages.upcomingTitle}</CardTitle>
        </CardHeader>
        {content}
      </section>
    </Card>
  );
}
