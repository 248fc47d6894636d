import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';
import { profileTabs, type ProfileTab } from '@common/profile';
import { PageTitle } from '../../components/page-title';
import { cn } from '../../lib/cn';
import { AvailabilityPanel } from './availability-panel';
import { ChangePassword } from './change-password';
import { OtherSessions } from './other-sessions';
import { ProfileInformation } from './profile-information';

const isTab = (value: string | null): value is ProfileTab => value !== null && value in profileTabs;

const triggerClasses = cn(
  'inline-flex min-w-0 flex-1 items-center justify-center rounded-md px-3 py-2 text-center text-sm font-medium transition-colors sm:flex-none',
  'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
  'data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
  'dark:data-[state=active]:bg-slate-800 dark:data-[state=active]:text-white',
);

const panelClasses =
  'rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-500';

/** /app/profile, 'Profile Settings' (part 1 §2): two tabs, the chosen one kept in the URL as ?tab=. */
export function ProfilePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: ProfileTab = isTab(requested) ? requested : 'profile';

  const choose = (value: string) => {
    if (!isTab(value)) return;
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (value === 'profile') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <div className="max-w-3xl">
      <PageTitle title="Profile Settings" />
      <Tabs.Root value={tab} onValueChange={choose}>
        <Tabs.List
          aria-label="Profile Settings"
          className="mb-6 flex w-full gap-1 rounded-lg bg-slate-100 p-1 sm:inline-flex sm:w-auto dark:bg-slate-900"
        >
          {(Object.keys(profileTabs) as ProfileTab[]).map((value) => (
            <Tabs.Trigger key={value} value={value} className={triggerClasses}>
              {profileTabs[value]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="profile" className={cn(panelClasses, 'space-y-6')}>
          <ProfileInformation />
          <ChangePassword />
          <OtherSessions />
        </Tabs.Content>
        <Tabs.Content value="availability" className={panelClasses}>
          <AvailabilityPanel />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
