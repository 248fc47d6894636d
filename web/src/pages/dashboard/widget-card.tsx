import type { ReactNode } from 'react';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/card';
import { cn } from '../../lib/cn';

interface WidgetCardProps {
  title: string;
  /** Beside the title, e.g. 'View all'. */
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** One dashboard card: a region named by its title, so each widget can be found by its name. */
export function WidgetCard({ title, action, className, children }: WidgetCardProps) {
  const id = `widget-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Card role="region" aria-labelledby={id} className={cn('flex min-w-0 flex-col', className)}>
      <CardHeader className="flex items-center justify-between gap-3">
        <CardTitle id={id}>{title}</CardTitle>
        {action}
      </CardHeader>
      <CardBody className="flex-1">{children}</CardBody>
    </Card>
  );
}

/** A grey bar standing in for text while the dashboard loads. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded bg-slate-200 dark:bg-slate-800', className)} />;
}

/** Three skeleton lines, the loading state of a list widget. */
export function SkeletonLines({ count = 3 }: { count?: number }) {
  return (
    <div className="space-y-3">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}

/** The words of an empty widget, quieter than an EmptyState: the dashboard shows six of them. */
export function WidgetEmpty({ children }: { children: ReactNode }) {
  return <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">{children}</p>;
}
