import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  calendarIntegrationInputSchema,
  type CalendarIntegration,
  type CalendarIntegrationInput,
} from '@common/calendar';
import { Button } from '../../components/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/card';
import { Field } from '../../components/field';
import { isApiError } from '../../lib/api';
import { useSaveIntegration } from './api';
import { fieldsOf } from '../../lib/zod-form';

interface FormValues {
  googleClientId: string;
  googleClientSecret: string;
}
const fieldNames: Array<keyof FormValues> = ['googleClientId', 'googleClientSecret'];

/**
 * The Google Calendar keys (decisions.md items 5, 12). The stored secret never comes back: its field stays
 * empty, shows the masked value as its placeholder, and an empty field leaves the stored secret unchanged.
 */
export function GoogleCalendarForm({ integration }: { integration: CalendarIntegration }) {
  const save = useSaveIntegration();
  const [removing, setRemoving] = useState(false);
  const form = useForm<FormValues>({
    defaultValues: { googleClientId: integration.googleClientId ?? '', googleClientSecret: '' },
  });
  const { handleSubmit, setError, reset } = form;
  const field = fieldsOf(form);
  const stored = integration.googleClientSecretMasked;

  const send = (input: CalendarIntegrationInput) =>
    save.mutate(input, {
      onSuccess: (saved) => reset({ googleClientId: saved.googleClientId ?? '', googleClientSecret: '' }),
      onError: (error) => {
        if (!isApiError(error)) return;
        for (const [field, message] of Object.entries(error.fields)) {
          if (fieldNames.includes(field as keyof FormValues)) setError(field as keyof FormValues, { message });
        }
      },
      onSettled: () => setRemoving(false),
    });

  const submit = handleSubmit((values) => {
    const input: CalendarIntegrationInput = { googleClientId: values.googleClientId };
    // Left empty: unchanged. Only a typed secret is sent.
    if (values.googleClientSecret.trim()) input.googleClientSecret = values.googleClientSecret;
    const parsed = calendarIntegrationInputSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof FormValues;
        if (fieldNames.includes(field)) setError(field, { message: issue.message });
      }
      return;
    }
    send(input);
  });

  const removeSecret = () => {
    setRemoving(true);
    // The stored client id, not unsaved edits: this button removes the secret only.
    send({ googleClientId: integration.googleClientId, googleClientSecret: '' });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle id="google-calendar-heading">Google Calendar</CardTitle>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          The OAuth client of your Google Cloud project. The secret is stored encrypted and never shown again.
        </p>
      </CardHeader>
      <CardBody>
        <form aria-labelledby="google-calendar-heading" onSubmit={submit} noValidate className="space-y-4">
          <Field label="Client ID" autoComplete="off" spellCheck={false} {...field('googleClientId')} />
          <Field
            label="Client Secret"
            type="password"
            autoComplete="new-password"
            placeholder={stored ?? undefined}
            hint={
              stored ? 'A secret is stored. It stays unchanged unless you type a new one.' : 'No secret is stored yet.'
            }
            {...field('googleClientSecret')}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {stored && (
              <Button
                variant="secondary"
                onClick={removeSecret}
                loading={save.isPending && removing}
                disabled={save.isPending}
              >
                Remove secret
              </Button>
            )}
            <Button type="submit" loading={save.isPending && !removing} disabled={save.isPending}>
              Save
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
