import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { calendarMessages } from '@common/calendar';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { integrationQuery } from './api';
import { FeedSubscription } from './feed-subscription';
import { GoogleCalendarForm } from './google-calendar-form';

/** /app/settings/calendar (decisions.md item 12): Google Calendar keys and the private iCalendar feed. */
export function CalendarIntegrationPage() {
  const { data, isPending, isError, refetch } = useQuery(integrationQuery());

  useEffect(() => {
    if (isError) toast.error(calendarMessages.integrationLoadFailed, { id: 'calendar-integration-load' });
  }, [isError]);

  let content;
  if (isPending) {
    content = (
      <Card className="flex justify-center py-16">
        <Spinner label="Loading calendar integration" className="size-6 text-indigo-500" />
      </Card>
    );
  } else if (!data) {
    content = (
      <Card>
        <EmptyState
          message={calendarMessages.integrationLoadFailed}
          action={
            <Button variant="secondary" onClick={() => refetch()}>
              Retry
            </Button>
          }
        />
      </Card>
    );
  } else {
    content = (
      <div className="space-y-6">
        <GoogleCalendarForm integration={data} />
        <FeedSubscription feedPath={data.feedPath} />
      </div>
    );
  }

  return (
    <div className="max-w-3xl">
      <PageTitle
        title="Calendar Integration"
        description="Connect Google Calendar and subscribe to your calendar from any calendar program."
      />
      {content}
    </div>
  );
}
