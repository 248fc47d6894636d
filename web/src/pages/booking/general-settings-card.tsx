import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  MAX_ADVANCE_RANGE,
  MIN_NOTICE_RANGE,
  schedulingSettingsInputSchema,
  slotDurations,
  type SchedulingSettings,
  type SchedulingSettingsInput,
} from '@common/scheduling';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/card';
import { Field } from '../../components/field';
import { SelectField } from '../../components/select-field';
import { useStoredSchedulingSettings, useUpdateSchedulingSettings } from './api';
import { useSaveAfterPause } from './use-save-after-pause';

type Values = Pick<
  SchedulingSettings,
  'timezone' | 'timeFormat' | 'minNoticeMinutes' | 'maxAdvanceDays' | 'slotMinutes'
>;
type FieldName = keyof Values;
type NumberFieldName = 'minNoticeMinutes' | 'maxAdvanceDays';

const valuesOf = ({
  timezone,
  timeFormat,
  minNoticeMinutes,
  maxAdvanceDays,
  slotMinutes,
}: SchedulingSettings): Values => ({ timezone, timeFormat, minNoticeMinutes, maxAdvanceDays, slotMinutes });

/** Every time zone the browser supports, with the stored one added when the browser does not list it (e.g. UTC). */
function useTimeZones(stored: string) {
  return useMemo(() => {
    const zones = Intl.supportedValuesOf('timeZone');
    return zones.includes(stored) ? zones : [stored, ...zones];
  }, [stored]);
}

/**
 * Time zone, time format, appointment length, minimum notice and maximum advance. Each change is saved at once (part 1 §4): a choice
 * when it is made, a number once typing pauses, when the field is left or Enter is pressed, and only when it is within its range.
 */
export function GeneralSettingsCard({ settings }: { settings: SchedulingSettings }) {
  const storedSettings = useStoredSchedulingSettings();
  const {
    register,
    trigger,
    getValues,
    setValue,
    clearErrors,
    formState: { errors },
  } = useForm<SchedulingSettingsInput>({
    mode: 'onChange',
    resolver: zodResolver(schedulingSettingsInputSchema),
    defaultValues: valuesOf(settings),
  });
  // A failed change shows the stored value again.
  const update = useUpdateSchedulingSettings((stored, input) => {
    for (const name of Object.keys(input) as FieldName[]) {
      setValue(name, stored[name]);
      clearErrors(name);
    }
  });
  const timeZones = useTimeZones(settings.timezone);

  const save = async (name: FieldName) => {
    if (!(await trigger(name))) return;
    const value = getValues(name);
    const stored = storedSettings();
    const sending = update.isPending ? update.variables?.[name] : undefined;
    if (!stored || stored[name] === value || sending === value) return;
    update.mutate({ [name]: value });
  };

  const { saveNow, saveAfterPause } = useSaveAfterPause<NumberFieldName>((name) => void save(name));
  const numberField = (name: NumberFieldName) => ({
    type: 'number',
    inputMode: 'numeric' as const,
    step: 1,
    ...register(name, { valueAsNumber: true, onChange: () => saveAfterPause(name), onBlur: () => saveNow(name) }),
    onKeyDown: (event: React.KeyboardEvent<HTMLInputElement>) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        saveNow(name);
      }
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle id="general-settings-heading">General Settings</CardTitle>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          How your booking page shows times and how far ahead visitors can book. Each change is saved at once.
        </p>
      </CardHeader>
      <CardBody>
        <form aria-labelledby="general-settings-heading" noValidate onSubmit={(event) => event.preventDefault()}>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Time Zone"
              error={errors.timezone?.message}
              {...register('timezone', { onChange: () => void save('timezone') })}
            >
              {timeZones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Time Format"
              error={errors.timeFormat?.message}
              {...register('timeFormat', { onChange: () => void save('timeFormat') })}
            >
              <option value="12h">12-hour (1:30 PM)</option>
              <option value="24h">24-hour (13:30)</option>
            </SelectField>
            <SelectField
              label="Appointment length"
              hint="How long each appointment on your booking page lasts."
              error={errors.slotMinutes?.message}
              {...register('slotMinutes', { valueAsNumber: true, onChange: () => void save('slotMinutes') })}
            >
              {slotDurations.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {minutes} minutes
                </option>
              ))}
            </SelectField>
            <Field
              label="Minimum Notice (minutes)"
              min={MIN_NOTICE_RANGE.min}
              max={MIN_NOTICE_RANGE.max}
              hint={`How soon a visitor may book: ${MIN_NOTICE_RANGE.min} to ${MIN_NOTICE_RANGE.max} minutes ahead.`}
              error={errors.minNoticeMinutes?.message}
              {...numberField('minNoticeMinutes')}
            />
            <Field
              label="Maximum Advance (days)"
              min={MAX_ADVANCE_RANGE.min}
              max={MAX_ADVANCE_RANGE.max}
              hint={`How far ahead a visitor may book: ${MAX_ADVANCE_RANGE.min} to ${MAX_ADVANCE_RANGE.max} days.`}
              error={errors.maxAdvanceDays?.message}
              {...numberField('maxAdvanceDays')}
            />
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
