import { Link } from 'react-router';
import { Mail } from 'lucide-react';
import { dashboardMessages } from '@common/dashboard-rules';
import { buttonClasses } from '../../components/button';
import { Skeleton, WidgetCard, WidgetEmpty } from './widget-card';

/** The number of e-mail accounts decides the message (part 1 "Dashboard"); null (not read) shows nothing. */
export function EmailPreview({ accounts }: { accounts: number | null | undefined }) {
  return (
    <WidgetCard title={dashboardMessages.emailPreview}>
      {accounts === undefined ? (
        <Skeleton className="h-16 w-full" />
      ) : accounts === null ? null : accounts === 0 ? (
        <div className="flex flex-col items-center gap-3 py-4 text-center">
          <span className="flex size-10 items-center justify-center rounded-full bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
            <Mail aria-hidden="true" className="size-5" />
          </span>
          <p className="text-sm text-slate-600 dark:text-slate-400">{dashboardMessages.noEmailAccounts}</p>
          <Link to="/app/settings/email" className={buttonClasses('secondary', 'sm')}>
            {dashboardMessages.connectEmail}
          </Link>
        </div>
      ) : (
        <WidgetEmpty>{dashboardMessages.emailComingSoon}</WidgetEmpty>
      )}
    </WidgetCard>
  );
}
