import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Bell, Bot, CalendarDays, ChevronRight, FileText, GitBranch, Mail } from 'lucide-react';
import { PageTitle } from '../../components/page-title';

interface SettingsLink {
  title: string;
  description: string;
  to: string;
  icon: ReactNode;
}

const iconClasses = 'size-5';

/** The five links of the hub and their descriptions (part 2 §2 "Settings hub"), then the bell's settings. */
const settingsLinks: SettingsLink[] = [
  {
    title: 'AI Configuration',
    description: 'OpenAI, Anthropic and Google AI keys',
    to: '/app/settings/ai',
    icon: <Bot aria-hidden="true" className={iconClasses} />,
  },
  {
    title: 'Calendar Integration',
    description: 'Google Calendar keys',
    to: '/app/settings/calendar',
    icon: <CalendarDays aria-hidden="true" className={iconClasses} />,
  },
  {
    title: 'Pipeline Settings',
    // The spec gives this link no description; this one names what the screen holds.
    description: 'Pipelines and their deal stages',
    to: '/app/settings/pipelines',
    icon: <GitBranch aria-hidden="true" className={iconClasses} />,
  },
  {
    title: 'Forms',
    description: 'Lead capture forms and submissions',
    to: '/app/forms',
    icon: <FileText aria-hidden="true" className={iconClasses} />,
  },
  {
    title: 'Email Settings',
    description: "Email accounts and an autoresponder provider's keys",
    to: '/app/settings/email',
    icon: <Mail aria-hidden="true" className={iconClasses} />,
  },
  {
    // Not in the spec (decisions.md item 17): the bell's kinds, each on or off.
    title: 'Notifications',
    description: 'What the bell tells you about',
    to: '/app/settings/notifications',
    icon: <Bell aria-hidden="true" className={iconClasses} />,
  },
];

/** /app/settings: the index of the settings screens. */
export function SettingsPage() {
  return (
    <div className="max-w-5xl">
      <PageTitle title="Settings" />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {settingsLinks.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="group flex h-full items-start gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-indigo-300 hover:bg-indigo-50/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-indigo-500/50 dark:hover:bg-slate-800/60"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600 dark:bg-indigo-500/10 dark:text-indigo-300">
                {link.icon}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-slate-900 dark:text-slate-100">{link.title}</span>
                <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">{link.description}</span>
              </span>
              <ChevronRight
                aria-hidden="true"
                className="mt-0.5 size-5 shrink-0 text-slate-400 transition-transform group-hover:translate-x-0.5"
              />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
