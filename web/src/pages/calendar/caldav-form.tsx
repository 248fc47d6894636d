import { useState, type FormEvent } from 'react';
import { caldavMessages, type CaldavCalendar, type CaldavConnection } from '@common/calendar-caldav';
import { Button } from '../../components/button';
import { Field, FormAlert } from '../../components/field';
import { SelectField } from '../../components/select-field';
import { isApiError } from '../../lib/api';
import { useSaveCaldav, useTestCaldav } from './caldav-api';

const m = caldavMessages;

const checkboxClasses =
  'size-4 shrink-0 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-600';

type Errors = Partial<
  Record<'serverUrl' | 'username' | 'password' | 'publishCalendarUrl' | 'readCalendarUrls', string>
>;

/** The calendars a saved connection knows, before "Test connection" lists them again. */
function knownCalendars(connection: CaldavConnection | null): CaldavCalendar[] {
  if (!connection) return [];
  const all = [connection.publishCalendar, ...connection.readCalendars];
  return all.filter((calendar, i) => all.findIndex((other) => other.url === calendar.url) === i);
}

function Checkbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="flex items-start gap-2 text-sm text-slate-800 dark:text-slate-200">
      <input
        type="checkbox"
        className={`${checkboxClasses} mt-0.5`}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span className="min-w-0 break-words">{label}</span>
    </label>
  );
}

interface CaldavFormProps {
  /** The saved connection when changing it (its password is kept unless one is typed), else null. */
  connection: CaldavConnection | null;
  onDone?: () => void;
}

/** Server, user name and app password; "Test connection" lists the calendars to choose from; Save connects. */
export function CaldavForm({ connection, onDone }: CaldavFormProps) {
  const test = useTestCaldav();
  const save = useSaveCaldav();
  const [serverUrl, setServerUrl] = useState(connection?.serverUrl ?? '');
  const [username, setUsername] = useState(connection?.username ?? '');
  const [password, setPassword] = useState('');
  const [calendars, setCalendars] = useState<CaldavCalendar[]>(() => knownCalendars(connection));
  const [publishUrl, setPublishUrl] = useState(connection?.publishCalendar.url ?? '');
  const [readUrls, setReadUrls] = useState<string[]>(connection?.readCalendars.map((c) => c.url) ?? []);
  const [publishTasks, setPublishTasks] = useState(connection?.publishTasks ?? false);
  const [publishActivities, setPublishActivities] = useState(connection?.publishActivities ?? false);
  const [showTitles, setShowTitles] = useState(connection?.showTitles ?? false);
  const [errors, setErrors] = useState<Errors>({});
  const [tested, setTested] = useState(false);

  const refusal = (error: unknown) => {
    if (isApiError(error) && Object.keys(error.fields).length) setErrors(error.fields);
    else if (isApiError(error, 400)) setErrors({ serverUrl: error.error });
  };

  const credentials = () => ({ serverUrl, username, ...(password ? { password } : {}) });

  const runTest = () => {
    setErrors({});
    setTested(false);
    test.mutate(credentials(), {
      onSuccess: ({ calendars: listed }) => {
        setCalendars(listed);
        setTested(true);
        if (!listed.some((c) => c.url === publishUrl)) setPublishUrl(listed[0]?.url ?? '');
        setReadUrls((urls) => urls.filter((url) => listed.some((c) => c.url === url)));
      },
      onError: refusal,
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    save.mutate(
      {
        ...credentials(),
        publishCalendarUrl: publishUrl,
        readCalendarUrls: readUrls,
        publishTasks,
        publishActivities,
        showTitles,
      },
      { onSuccess: () => onDone?.(), onError: refusal },
    );
  };

  const toggleRead = (url: string, on: boolean) =>
    setReadUrls((urls) => (on ? [...urls, url] : urls.filter((other) => other !== url)));

  return (
    <form aria-labelledby="caldav-heading" onSubmit={submit} noValidate className="space-y-4">
      <Field
        label={m.serverUrl}
        type="url"
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        hint={m.serverUrlHint}
        value={serverUrl}
        onChange={(e) => setServerUrl(e.target.value)}
        error={errors.serverUrl}
      />
      <Field
        label={m.username}
        autoComplete="username"
        spellCheck={false}
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        error={errors.username}
      />
      <Field
        label={m.appPassword}
        type="password"
        autoComplete="new-password"
        placeholder={connection ? connection.passwordMasked : undefined}
        hint={connection ? m.passwordKept : undefined}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={runTest} loading={test.isPending} disabled={test.isPending}>
          {test.isPending ? m.testing : m.testConnection}
        </Button>
        <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
          {tested ? m.testOk : ''}
        </p>
      </div>

      {calendars.length > 0 && (
        <>
          <SelectField
            label={m.publishTo}
            value={publishUrl}
            onChange={(e) => setPublishUrl(e.target.value)}
            error={errors.publishCalendarUrl}
          >
            {calendars.map((calendar) => (
              <option key={calendar.url} value={calendar.url}>
                {calendar.name}
              </option>
            ))}
          </SelectField>
          <fieldset className="min-w-0">
            <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{m.readFrom}</legend>
            <div className="mt-2 space-y-2">
              {calendars.map((calendar) => (
                <Checkbox
                  key={calendar.url}
                  label={calendar.name}
                  checked={readUrls.includes(calendar.url)}
                  onChange={(on) => toggleRead(calendar.url, on)}
                />
              ))}
            </div>
            {errors.readCalendarUrls && (
              <p className="mt-2 text-sm text-red-600 dark:text-red-400">{errors.readCalendarUrls}</p>
            )}
          </fieldset>
          <fieldset className="min-w-0">
            <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{m.options}</legend>
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{m.bookingsAlways}</p>
            <div className="mt-2 space-y-2">
              <Checkbox label={m.publishTasks} checked={publishTasks} onChange={setPublishTasks} />
              <Checkbox label={m.publishActivities} checked={publishActivities} onChange={setPublishActivities} />
              <Checkbox label={m.showTitles} checked={showTitles} onChange={setShowTitles} />
            </div>
          </fieldset>
        </>
      )}

      {save.isError && !Object.keys(errors).length && <FormAlert message={m.saveFailed} />}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {connection && onDone && (
          <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
            {m.cancel}
          </Button>
        )}
        <Button type="submit" loading={save.isPending} disabled={save.isPending || calendars.length === 0}>
          {save.isPending ? m.saving : m.save}
        </Button>
      </div>
    </form>
  );
}
