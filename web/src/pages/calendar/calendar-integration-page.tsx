import { useQuery } from '@tanstack/react-query';
import { calendarMessages } from '@common/calendar';
import { SettingsScreen } from '../../components/settings-screen';
import { integrationQuery } from './api';
import { CaldavCard } from './caldav-card';
import { FeedSubscription } from './feed-subscription';
import { GoogleCalendarForm } from './google-calendar-form';

/**
 * /app/settings/calendar (decisions.md item 12): Google Calendar keys, the CalDAV calendar (issue 31) and the private
 * iCalendar feed.
 */
export function CalendarIntegrationPage() {
  return (
    <SettingsScreen
      title="Calendar Integration"
      description="Connect Google Calendar and subscribe to your calendar from any calendar program."
      query={useQuery(integrationQuery())}
      loadingLabel="Loading calendar integration"
      loadFailed={calendarMessages.integrationLoadFailed}
    >
      {(integration) => (
        <div className="space-y-6">
          <GoogleCalendarForm integration={integration} />
          <CaldavCard />
          <FeedSubscription feedPath={integration.feedPath} />
        </div>
      )}
    </SettingsScreen>
  );
}
