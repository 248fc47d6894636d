import { useId } from 'react';
import { TriangleAlert } from 'lucide-react';
import { endsAfterStart, halfHourSlots, profileMessages, weekdays, type AvailabilityDay } from '@common/profile';
import { Switch } from '../../components/switch';
import { SelectField } from '../../components/select-field';

interface AvailabilityRowProps {
  day: AvailabilityDay;
  onChange: (day: AvailabilityDay) => void;
}

/** One weekday: on/off, and its start and end among the 48 half-hour slots (disabled while off). */
export function AvailabilityRow({ day, onChange }: AvailabilityRowProps) {
  const nameId = useId();
  const warningId = useId();
  const name = weekdays[day.dayOfWeek]!;
  // Allowed by the spec (part 1 §5), so only a warning: such a day offers no bookings.
  const hasNoTime = day.isAvailable && !endsAfterStart(day);

  const timeSelect = (field: 'startTime' | 'endTime', label: string) => (
    <SelectField
      label={`${name} ${label} time`}
      hideLabel
      value={day[field]}
      disabled={!day.isAvailable}
      onChange={(event) => onChange({ ...day, [field]: event.currentTarget.value })}
      aria-describedby={hasNoTime ? warningId : undefined}
      className="min-w-0 flex-1 sm:w-32 sm:flex-none"
    >
      {halfHourSlots.map((slot) => (
        <option key={slot} value={slot}>
          {slot}
        </option>
      ))}
    </SelectField>
  );

  return (
    <li className="py-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex items-center gap-3 sm:w-44">
          <Switch
            checked={day.isAvailable}
            onCheckedChange={(isAvailable) => onChange({ ...day, isAvailable })}
            aria-labelledby={nameId}
          />
          <span id={nameId} className="text-sm font-medium text-slate-900 dark:text-slate-100">
            {name}
          </span>
        </div>
        <div className="flex items-center gap-2">
          {timeSelect('startTime', 'start')}
          <span aria-hidden="true" className="text-sm text-slate-600 dark:text-slate-400">
            to
          </span>
          {timeSelect('endTime', 'end')}
        </div>
      </div>
      {hasNoTime && (
        <p
          id={warningId}
          className="mt-2 flex items-start gap-2 text-sm text-amber-700 sm:ml-[11.75rem] dark:text-amber-400"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {profileMessages.endNotAfterStart}
        </p>
      )}
    </li>
  );
}
