import { useMemo } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { PublicBookingOwner, Slot } from '@common/booking';
import { bookingMessages } from '@common/booking-messages';
import { Button } from '../../../components/button';
import { Field } from '../../../components/field';
import { SelectField } from '../../../components/select-field';
import { Spinner } from '../../../components/spinner';
import { cn } from '../../../lib/cn';
import { addDays, formatClock, formatDate, timeZoneOptions, zoneLabel } from './times';

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

interface DayPickerProps {
  date: string;
  firstDate: string;
  lastDate: string;
  timeZone: string;
  onDate: (date: string) => void;
  onTimeZone: (timeZone: string) => void;
}

/** The day (within the owner's booking window) and the visitor's time zone, detected and changeable. */
export function DayPicker({ date, firstDate, lastDate, timeZone, onDate, onTimeZone }: DayPickerProps) {
  const zones = useMemo(() => timeZoneOptions(timeZone), [timeZone]);
  return (
    // Side by side, both labels on one line: the time zone's hint must not push the date down.
    <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
      <div className="flex items-end gap-2">
        <Button
          variant="secondary"
          size="icon"
          aria-label="Previous day"
          disabled={date <= firstDate}
          onClick={() => onDate(addDays(date, -1))}
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
        </Button>
        <Field
          label="Date"
          type="date"
          className="min-w-0 flex-1"
          min={firstDate}
          max={lastDate}
          value={date}
          onChange={(event) => {
            const value = event.target.value;
            if (isDate(value)) onDate(value);
          }}
        />
        <Button
          variant="secondary"
          size="icon"
          aria-label="Next day"
          disabled={date >= lastDate}
          onClick={() => onDate(addDays(date, 1))}
        >
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <SelectField
        label="Time zone"
        hint="Times are shown in this time zone."
        value={timeZone}
        onChange={(event) => onTimeZone(event.target.value)}
      >
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zoneLabel(zone)}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

interface SlotListProps {
  date: string;
  /** Undefined while loading. */
  slots: Slot[] | undefined;
  failed: boolean;
  onRetry: () => void;
  selected: Slot | null;
  onSelect: (slot: Slot) => void;
  timeZone: string;
  timeFormat: PublicBookingOwner['timeFormat'];
}

/** The free times of the chosen day, as buttons in the owner's 12h/24h format and the visitor's time zone. */
export function SlotList({ date, slots, failed, onRetry, selected, onSelect, timeZone, timeFormat }: SlotListProps) {
  const headingId = `slots-${date}`;
  let content;
  if (failed) {
    content = (
      <div className="flex flex-col items-center gap-3 py-6 text-center">
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {bookingMessages.loadFailed}
        </p>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Retry
        </Button>
      </div>
    );
  } else if (!slots) {
    content = (
      <div className="flex justify-center py-6">
        <Spinner label="Loading free times" className="size-5 text-indigo-500" />
      </div>
    );
  } else if (slots.length === 0) {
    content = <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">{bookingMessages.noSlots}</p>;
  } else {
    content = (
      <ul aria-labelledby={headingId} className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {slots.map((slot) => {
          const isSelected = selected?.start === slot.start;
          return (
            <li key={slot.start}>
              <button
                type="button"
                aria-pressed={isSelected}
                onClick={() => onSelect(slot)}
                className={cn(
                  'w-full rounded-lg border px-2 py-2 text-sm font-medium tabular-nums transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
                  isSelected
                    ? 'border-indigo-600 bg-indigo-600 text-white'
                    : 'border-indigo-300 text-indigo-800 hover:bg-indigo-50 dark:border-indigo-500/50 dark:text-indigo-200 dark:hover:bg-indigo-500/10',
                )}
              >
                {formatClock(slot.start, timeZone, timeFormat)}
              </button>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <section aria-labelledby={headingId} aria-busy={!slots && !failed}>
      <h2 id={headingId} className="mb-3 text-sm font-semibold text-slate-900 dark:text-slate-100">
        {formatDate(date)}
      </h2>
      {content}
    </section>
  );
}
