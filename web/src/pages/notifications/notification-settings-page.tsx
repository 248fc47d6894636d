import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { notificationMessages, notificationSettingLabels, type NotificationSettings } from '@common/notifications';
import { Switch } from '../../components/switch';
import { Card } from '../../components/card';
import { SettingsScreen } from '../../components/settings-screen';
import { notificationSettingsQuery, useSaveNotificationSettings } from './api';

const settingKeys = Object.keys(notificationSettingLabels) as Array<keyof NotificationSettings>;

function SettingSwitch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const labelId = useId();
  return (
    <li className="flex items-center justify-between gap-4 px-5 py-4">
      <span id={labelId} className="text-sm font-medium text-slate-900 dark:text-slate-100">
        {label}
      </span>
      <Switch checked={checked} onCheckedChange={onChange} aria-labelledby={labelId} />
    </li>
  );
}

/** /app/settings/notifications: which kinds of notification reach the bell; each switch saves at once. */
export function NotificationSettingsPage() {
  const save = useSaveNotificationSettings();
  return (
    <SettingsScreen
      title="Notifications"
      description="Choose what the bell tells you about."
      query={useQuery(notificationSettingsQuery())}
      loadingLabel="Loading notification settings"
      loadFailed={notificationMessages.loadFailed}
    >
      {(settings) => (
        <Card>
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {settingKeys.map((key) => (
              <SettingSwitch
                key={key}
                label={notificationSettingLabels[key]}
                checked={settings[key]}
                onChange={(checked) => save.mutate({ ...settings, [key]: checked })}
              />
            ))}
          </ul>
        </Card>
      )}
    </SettingsScreen>
  );
}
