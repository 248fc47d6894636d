import type { ComponentProps, Ref } from 'react';
import {
  CalendarCheck,
  CalendarClock,
  CalendarDays,
  CalendarX2,
  Clock,
  GripVertical,
  User,
  UserCheck,
  type LucideIcon,
} from 'lucide-react';
import type { Deal } from '@common/deals';
import {
  isDealExpired,
  nextActivityIndicator,
  nextActivityLabels,
  stageBadgeVariant,
  type NextActivityIndicator,
} from '@common/deal-rules';
import { dealMessages } from '@common/deals';
import { peopleLabels } from '@common/team-messages';
import { Badge } from '../../components/badge';
import { useAuthStore } from '../../lib/auth-store';
import { cn } from '../../lib/cn';
import { browserTimeZone } from '../../lib/format';
import { formatCloseDate, formatMoney } from './format';

const indicatorIcons: Record<NextActivityIndicator, { icon: LucideIcon; className: string }> = {
  none: { icon: CalendarX2, className: 'text-amber-500 dark:text-amber-400' },
  overdue: { icon: Clock, className: 'text-red-600 dark:text-red-400' },
  dueToday: { icon: CalendarCheck, className: 'text-emerald-600 dark:text-emerald-400' },
  upcoming: { icon: CalendarClock, className: 'text-slate-500 dark:text-slate-400' },
};

/** The deal's next activity as an icon: yellow none, red overdue, green due today, grey upcoming. */
export function NextActivityIcon({ deal, now }: { deal: Deal; now: Date }) {
  const kind = nextActivityIndicator(deal.nextActivity, now, browserTimeZone());
  const { icon: Icon, className } = indicatorIcons[kind];
  const label = nextActivityLabels[kind];
  return (
    <span role="img" aria-label={label} title={label} className={cn('inline-flex shrink-0', className)}>
      <Icon aria-hidden="true" className="size-4" />
    </span>
  );
}

/** The card's indicator: the coloured icon with its meaning in words beside it, for every reader. */
function NextActivityLine({ deal, now }: { deal: Deal; now: Date }) {
  const kind = nextActivityIndicator(deal.nextActivity, now, browserTimeZone());
  const { icon: Icon, className } = indicatorIcons[kind];
  return (
    <p className="flex items-center gap-1.5">
      <Icon aria-hidden="true" className={cn('size-3.5 shrink-0', className)} />
      <span>{nextActivityLabels[kind]}</span>
    </p>
  );
}

interface DealCardProps extends ComponentProps<'li'> {
  deal: Deal;
  now: Date;
  onOpen?: (deal: Deal) => void;
  /** The keyboard handle's props (dnd-kit's attributes and key listener). */
  handleProps?: ComponentProps<'button'> & { ref?: Ref<HTMLButtonElement> };
  /** The stage of the column showing the card: its stage badge would only repeat the column's name. */
  columnStage?: string;
  /** The copy that follows the pointer while dragging. */
  overlay?: boolean;
  dragging?: boolean;
}

/** A deal on the board: dragged anywhere by the pointer, by its handle from the keyboard; its name opens it. */
export function DealCard({
  deal,
  now,
  onOpen,
  handleProps,
  columnStage,
  overlay,
  dragging,
  className,
  ...rest
}: DealCardProps) {
  const expired = isDealExpired(deal, now, browserTimeZone());
  const showsStage = deal.stage !== columnStage;
  // Another member's deal names them; the viewer's own cards look as they do in a workspace of one.
  const selfId = useAuthStore((state) => state.user?.id);
  const showsOwner = deal.ownerId !== selfId;
  return (
    <li
      className={cn(
        'list-none rounded-lg border border-slate-200 bg-white p-3 shadow-sm select-none dark:border-slate-700 dark:bg-slate-900',
        !overlay && 'cursor-grab touch-manipulation',
        overlay && 'cursor-grabbing shadow-xl ring-2 ring-indigo-500',
        // Dimmed by a muted surface rather than opacity, which would fail text contrast (also while a keyboard
        // user carries the card, its place marked by the outline).
        expired && 'border-dashed bg-slate-100 shadow-none dark:bg-slate-950',
        dragging &&
          'border-dashed border-indigo-400 bg-indigo-50 shadow-none dark:border-indigo-500 dark:bg-indigo-950',
        className,
      )}
      {...rest}
    >
      <div className="flex items-start gap-2">
        <button
          type="button"
          className="min-w-0 flex-1 text-left text-sm font-semibold break-words text-slate-900 hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-white dark:hover:text-indigo-300"
          onClick={() => onOpen?.(deal)}
          tabIndex={overlay ? -1 : undefined}
        >
          {deal.name}
        </button>
        <button
          type="button"
          aria-label={`Move ${deal.name}`}
          tabIndex={overlay ? -1 : undefined}
          className="-m-1 inline-flex size-7 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
          {...handleProps}
        >
          <GripVertical aria-hidden="true" className="size-4" />
        </button>
      </div>
      {deal.value !== null && (
        <p className="mt-1 text-sm font-medium text-slate-700 tabular-nums dark:text-slate-200">
          {formatMoney(deal.value, deal.currency)}
        </p>
      )}
      <div className="mt-2 space-y-1 text-xs text-slate-600 dark:text-slate-400">
        <NextActivityLine deal={deal} now={now} />
        {deal.contactName && (
          <p className="flex items-center gap-1.5">
            <User aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="truncate">{deal.contactName}</span>
          </p>
        )}
        {showsOwner && (
          <p className="flex items-center gap-1.5" title={peopleLabels.owner}>
            <UserCheck aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="truncate">
              <span className="sr-only">{peopleLabels.owner}: </span>
              {deal.ownerName}
            </span>
          </p>
        )}
        {deal.expectedCloseDate && (
          <p className="flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-3.5 shrink-0" />
            <span>
              <span className="sr-only">Expected close: </span>
              {formatCloseDate(deal.expectedCloseDate)}
            </span>
          </p>
        )}
      </div>
      {(showsStage || expired) && (
        <div className="mt-2 flex flex-wrap gap-1.5">
          {showsStage && <Badge variant={stageBadgeVariant(deal.stage)}>{deal.stage}</Badge>}
          {expired && <Badge variant="danger">{dealMessages.expired}</Badge>}
        </div>
      )}
    </li>
  );
}
