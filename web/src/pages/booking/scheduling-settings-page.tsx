import { useQuery } from '@tanstack/react-query';
import { schedulingMessages } from '@common/scheduling';
import { BookingLinkCard } from '../../components/booking-link-card';
import { SettingsScreen } from '../../components/settings-screen';
import { schedulingSettingsQuery } from './api';
import { EmbedCodeCard } from './embed-code-card';
import { GeneralSettingsCard } from './general-settings-card';
import { WidgetPreviewCard } from './widget-preview-card';

/** /app/settings/scheduling (part 1 §2): loading, then loaded or failed; Retry reloads (part 1 §4). */
export function SchedulingSettingsPage() {
  return (
    <SettingsScreen
      title="Scheduling Settings"
      query={useQuery(schedulingSettingsQuery())}
      loadingLabel="Loading settings"
      loadFailed={schedulingMessages.loadFailed}
    >
      {(settings) => (
        <div className="space-y-6">
          <BookingLinkCard>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {settings.confirmsByEmail ? schedulingMessages.confirmationsMailed : schedulingMessages.confirmationsOff}
            </p>
          </BookingLinkCard>
          <GeneralSettingsCard settings={settings} />
          <WidgetPreviewCard />
          <EmbedCodeCard embedCode={settings.embedCode} />
        </div>
      )}
    </SettingsScreen>
  );
}
