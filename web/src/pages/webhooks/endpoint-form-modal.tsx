import { useEffect } from 'react';
import { webhookEndpointInputSchema, type WebhookEndpoint, type WebhookEndpointInput } from '@common/webhooks';
import { webhookScreenMessages } from '@common/webhooks-screen-messages';
import type { z } from 'zod';
import { Field, FormAlert } from '../../components/field';
import { FormModal } from '../../components/form-modal';
import { refusalMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/field-errors';
import { useZodForm } from '../../lib/zod-form';
import { useCreateWebhook, useUpdateWebhook } from './api';
import { EventsFieldset } from './events-fieldset';

type CreatedEndpoint = WebhookEndpoint & { secret: string };
type FormValues = z.input<typeof webhookEndpointInputSchema>;

const blank: FormValues = { url: '', description: '', events: [] };

interface EndpointFormModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The endpoint being edited; null to add one. */
  endpoint: WebhookEndpoint | null;
  /** A new endpoint, its secret to be shown once. */
  onCreated: (endpoint: CreatedEndpoint) => void;
}

/** "Add endpoint" and "Edit endpoint": its URL, a description and the events it hears (at least one). */
export function EndpointFormModal({ open, onOpenChange, endpoint, onCreated }: EndpointFormModalProps) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const { field, register, errors, handleSubmit, reset, setError } = useZodForm(webhookEndpointInputSchema, blank);
  const pending = create.isPending || update.isPending;

  useEffect(() => {
    if (open)
      reset(endpoint ? { url: endpoint.url, description: endpoint.description, events: endpoint.events } : blank);
  }, [open, endpoint, reset]);

  const onError = (error: unknown) => {
    if (!showFieldErrors(error, ['url', 'description', 'events'] as const, setError)) {
      const fallback = endpoint ? webhookScreenMessages.saveFailed : webhookScreenMessages.createFailed;
      setError('root.server', { message: refusalMessage(error, fallback) });
    }
  };

  const onSubmit = handleSubmit((input: WebhookEndpointInput) => {
    if (endpoint) {
      update.mutate({ id: endpoint.id, change: input }, { onSuccess: () => onOpenChange(false), onError });
      return;
    }
    create.mutate(input, {
      onSuccess: (created) => {
        onOpenChange(false);
        onCreated(created);
      },
      onError,
    });
  });

  return (
    <FormModal
      open={open}
      onOpenChange={onOpenChange}
      title={endpoint ? webhookScreenMessages.edit : webhookScreenMessages.add}
      size="lg"
      pending={pending}
      submitLabel={endpoint ? webhookScreenMessages.save : webhookScreenMessages.add}
      onSubmit={onSubmit}
      formClassName="space-y-4"
    >
      <FormAlert message={errors.root?.server?.message} />
      <Field
        label={webhookScreenMessages.urlLabel}
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://"
        hint={webhookScreenMessages.urlHint}
        maxLength={2000}
        {...field('url')}
      />
      <Field
        label={webhookScreenMessages.descriptionLabel}
        autoComplete="off"
        maxLength={200}
        {...field('description')}
      />
      <EventsFieldset registration={register('events')} error={errors.events?.message} />
    </FormModal>
  );
}
