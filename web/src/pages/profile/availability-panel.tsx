import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Globe } from 'lucide-react';
import toast from 'react-hot-toast';
import { profileMessages } from '@common/profile';
import { BookingLinkCard } from '../../components/booking-link-card';
import { Button } from '../../components/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { Spinner } from '../../components/spinner';
import { availabilityQuery, useSaveAvailabilityDay } from './api';
import { AvailabilityRow } from './availability-row';
import { browserTimeZone } from '../../lib/format';

/** The 'Scheduling Availability' tab: one row per weekday, each change saved at once (part 1 §2, §4). */
export function AvailabilityPanel() {
  const { data, isPending, isError, refetch } = useQuery(availabilityQuery());
  const save = useSaveAvailabilityDay();

  useEffect(() => {
    if (isError) toast.error(profileMessages.availabilityLoadFailed, { id: 'availability-load' });
  }, [isError]);

  let content;
  if (isPending) {
    content = (
      <div className="flex justify-center py-12">
        <Spinner label="Loading availability" className="size-6 text-indigo-500" />
      </div>
    );
  } else if (!data) {
    content = (
      <EmptyState
        message={profileMessages.availabilityLoadFailed}
        action={
          <Button variant="secondary" onClick={() => refetch()}>
            Retry
          </Button>
        }
      />
    );
  } else {
    content = (
      <>
        <p className="mb-4 flex items-start gap-2 rounded-lg bg-indigo-50 px-3 py-2 text-sm text-indigo-800 dark:bg-indigo-500/10 dark:text-indigo-200">
          <Globe aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            Times are in your current timezone:{' '}
            <strong className="[overflow-wrap:anywhere]">{browserTimeZone()}</strong>
          </span>
        </p>
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {data.days.map((day) => (
            <AvailabilityRow key={day.dayOfWeek} day={day} onChange={(changed) => save.mutate(changed)} />
          ))}
        </ul>
      </>
    );
  }

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <CardTitle>Weekly Availability</CardTitle>
          {/* Every edit is already saved when made: this button only confirms it (part 1 §2). */}
          <Button size="sm" onClick={() => toast.success(profileMessages.availabilitySaved)} disabled={!data}>
            Save Availability
          </Button>
        </CardHeader>
        <CardBody>{content}</CardBody>
      </Card>
      <BookingLinkCard>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Time zone, appointment length, notice and the code to put the booking page on your website are in{' '}
          <Link
            to="/app/settings/scheduling"
            className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-800 dark:text-indigo-300 dark:hover:text-indigo-200"
          >
            Scheduling Settings
          </Link>
          .
        </p>
      </BookingLinkCard>
    </div>
  );
}
