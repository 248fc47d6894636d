import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import {
  calendarEventKinds,
  calendarFilters,
  calendarMessages,
  type CalendarEvent,
  type CalendarEventKind,
  type CalendarFilter,
} from '@common/calendar';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { cn } from '../../lib/cn';
import { TaskDetailsModal } from '../tasks/task-details-modal';
import { calendarQuery } from './api';
import { CalendarNavigation, FilterBar } from './calendar-toolbar';
import {
  calendarViews,
  dayKey,
  dayParam,
  parseDayParam,
  periodTitle,
  shiftAnchor,
  visibleRange,
  type CalendarView,
} from './dates';
import { BookingDetailsModal } from './booking-details-modal';
import { layOutBusy, showsBusy, type BusyItem } from './busy';
import { BusyDetailsModal } from './busy-details-modal';
import { EventDetailsModal } from './event-details-modal';
import { EVENTS_PER_CELL, MonthView } from './month-view';
import { hourKey, TimeGrid } from './time-grid';
import { UpcomingBookings } from './upcoming-bookings';

type ActivityEvent = Extract<CalendarEvent, { kind: 'activity' }>;

const isView = (value: string | null): value is CalendarView => calendarViews.includes(value as CalendarView);
const isFilter = (value: string | null): value is CalendarFilter => calendarFilters.includes(value as CalendarFilter);

/**
 * Tasks, activities and appointments by month, week or day (?view=week&date=2026-11-23&show=task), with the busy
 * times of the user's external calendars.
 */
export function CalendarPage() {
  const [params, setParams] = useSearchParams();
  const view: CalendarView = isView(params.get('view')) ? (params.get('view') as CalendarView) : 'month';
  const filterParam = params.get('show');
  const filter: CalendarFilter = isFilter(filterParam) ? filterParam : 'all';
  const dateParam = params.get('date');
  // Today's date, once per render: the anchor when the address names no day.
  const anchor = parseDayParam(dateParam) ?? new Date();
  const range = visibleRange(view, anchor);
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  const { data, isPending, isError, isPlaceholderData, isFetching, refetch } = useQuery({
    ...calendarQuery(from, to, view === 'month' ? EVENTS_PER_CELL : undefined),
    placeholderData: keepPreviousData,
  });
  const [taskId, setTaskId] = useState<string | null>(null);
  const [details, setDetails] = useState<ActivityEvent | null>(null);
  const [bookingId, setBookingId] = useState<string | null>(null);
  const [busyBlock, setBusyBlock] = useState<BusyItem | null>(null);

  useEffect(() => {
    if (isError) toast.error(calendarMessages.loadFailed, { id: 'calendar-load' });
  }, [isError]);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const events = data?.events;
  const { byDay, byHour } = useMemo(() => {
    const byDay = new Map<string, CalendarEvent[]>();
    const byHour = new Map<string, CalendarEvent[]>();
    for (const event of events ?? []) {
      if (filter !== 'all' && event.kind !== filter) continue;
      // Grouped by the viewer's local day and hour; the server sends them ordered by start.
      const start = new Date(event.start);
      const day = dayKey(start);
      byDay.set(day, [...(byDay.get(day) ?? []), event]);
      const hour = hourKey(start, start.getHours());
      byHour.set(hour, [...(byHour.get(hour) ?? []), event]);
    }
    return { byDay, byHour };
  }, [events, filter]);
  // The month's answer holds a few events a day and each day's counts; the other views' holds them all.
  const days = data?.days;
  const countByDay = useMemo(() => {
    const counts = new Map<string, number>();
    if (!days) {
      for (const [day, dayEvents] of byDay) counts.set(day, dayEvents.length);
      return counts;
    }
    const kinds: readonly CalendarEventKind[] = filter === 'all' ? calendarEventKinds : [filter];
    for (const day of days)
      counts.set(
        day.date,
        kinds.reduce((sum, kind) => sum + day[kind], 0),
      );
    return counts;
  }, [days, byDay, filter]);
  const blocks = data?.busy.blocks;
  const busy = useMemo(
    () => layOutBusy(showsBusy(filter) ? (blocks ?? []) : [], range.days),
    // The days follow from/to, which are strings and so compare by value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [blocks, filter, from, to],
  );

  const open = (event: CalendarEvent) => {
    if (event.kind === 'task') setTaskId(event.id);
    else if (event.kind === 'booking') setBookingId(event.id);
    else setDetails(event);
  };
  const showDay = (day: Date) => update({ view: 'day', date: dayParam(day) });
  const title = periodTitle(view, anchor, range);

  let content;
  if (isPending) {
    content = (
      <div className="flex justify-center py-24">
        <Spinner label="Loading events" className="size-6 text-indigo-500" />
      </div>
    );
  } else if (!data) {
    content = (
      <EmptyState
        message={calendarMessages.loadFailed}
        action={
          <Button variant="secondary" onClick={() => refetch()}>
            Retry
          </Button>
        }
      />
    );
  } else if (view === 'month') {
    content = (
      <MonthView
        days={range.days}
        month={anchor}
        eventsByDay={byDay}
        eventCountByDay={countByDay}
        busyByDay={busy.byDay}
        onOpen={open}
        onOpenBusy={setBusyBlock}
        onShowDay={showDay}
      />
    );
  } else {
    content = (
      <TimeGrid
        key={view}
        days={range.days}
        eventsByHour={byHour}
        busy={busy}
        onOpen={open}
        onOpenBusy={setBusyBlock}
        onShowDay={showDay}
        label={title}
      />
    );
  }

  return (
    <>
      <PageTitle title="Calendar" />
      <div className="space-y-4">
        <CalendarNavigation
          view={view}
          title={title}
          loading={isFetching && !isPending}
          onStep={(step) => update({ date: dayParam(shiftAnchor(view, anchor, step)) })}
          onToday={() => update({ date: null })}
          onView={(next) => update({ view: next === 'month' ? null : next })}
        />
        <FilterBar
          filter={filter}
          counts={isPlaceholderData ? undefined : data?.counts}
          onFilter={(next) => update({ show: next === 'all' ? null : next })}
        />
        <Card className={cn('overflow-hidden transition-opacity', isPlaceholderData && 'opacity-60')}>{content}</Card>
        <UpcomingBookings onOpen={setBookingId} />
      </div>
      <TaskDetailsModal taskId={taskId} onClose={() => setTaskId(null)} />
      <EventDetailsModal event={details} onClose={() => setDetails(null)} />
      <BookingDetailsModal bookingId={bookingId} onClose={() => setBookingId(null)} />
      <BusyDetailsModal block={busyBlock} onClose={() => setBusyBlock(null)} />
    </>
  );
}
