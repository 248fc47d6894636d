import { Link } from 'react-router';
import { ArrowRight, FolderKanban, Handshake, ListTodo, Users, type LucideIcon } from 'lucide-react';
import { Card } from '../../components/card';
import { PageTitle } from '../../components/page-title';
import { useAuthStore } from '../../lib/auth-store';
import { getFirstName } from '../../lib/format';

const shortcuts: Array<{ to: string; title: string; text: string; icon: LucideIcon }> = [
  { to: '/app/contacts', title: 'Contacts', text: 'Keep every contact in one place.', icon: Users },
  { to: '/app/deals', title: 'Deals', text: 'Move deals through your pipeline.', icon: Handshake },
  { to: '/app/projects', title: 'Projects', text: 'Plan and follow your projects.', icon: FolderKanban },
  { to: '/app/tasks', title: 'Tasks', text: 'Never miss a deadline.', icon: ListTodo },
];

export function DashboardPage() {
  const name = useAuthStore((state) => state.user?.name);
  return (
    <>
      <PageTitle
        title={`Welcome back, ${getFirstName(name)}`}
        description="Here's what's happening with your business today."
      />
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {shortcuts.map(({ to, title, text, icon: Icon }) => (
          <li key={to}>
            <Card className="group h-full transition-shadow focus-within:shadow-md hover:shadow-md">
              <Link to={to} className="flex h-full flex-col gap-3 rounded-xl p-5">
                <span className="flex size-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="flex items-center gap-1 font-semibold">
                  {title}
                  <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
                </span>
                <span className="text-sm text-slate-600 dark:text-slate-400">{text}</span>
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
