import type { UseFormRegisterReturn } from 'react-hook-form';
import { webhookEventGroups, webhookEventLabels, webhookScreenMessages } from '@common/webhooks-screen-messages';

interface EventsFieldsetProps {
  /** The registration of the form's `events`: each checkbox adds its event to the array. */
  registration: UseFormRegisterReturn<'events'>;
  error?: string;
}

const errorId = 'webhook-events-error';

/** The events an endpoint hears, a checkbox each, grouped by area. */
export function EventsFieldset({ registration, error }: EventsFieldsetProps) {
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {webhookScreenMessages.eventsLegend}
      </legend>
      <div className="mt-2 grid gap-x-4 gap-y-3 sm:grid-cols-2">
        {webhookEventGroups.map((group) => (
          <fieldset key={group.label} className="min-w-0">
            <legend className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
              {group.label}
            </legend>
            <div className="mt-1 space-y-1">
              {group.events.map((event) => (
                <label key={event} className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
                  <input
                    type="checkbox"
                    value={event}
                    className="size-4 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-600"
                    {...registration}
                  />
                  {webhookEventLabels[event]}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-2 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
