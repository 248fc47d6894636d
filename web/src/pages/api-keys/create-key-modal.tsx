import { useEffect } from 'react';
import {
  apiKeyAreaLabels,
  apiKeyAreas,
  apiKeyFormSchema,
  apiKeyMessages,
  type ApiKeyFormValues,
  type CreatedApiKey,
} from '@common/api-keys';
import { Field, FormAlert } from '../../components/field';
import { FormModal } from '../../components/form-modal';
import { SelectField } from '../../components/select-field';
import { refusalMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/field-errors';
import { useZodForm } from '../../lib/zod-form';
import { useCreateApiKey } from './api';

const blank: ApiKeyFormValues = {
  name: '',
  expiry: '90',
  scopes: { contacts: 'none', deals: 'none', tasks: 'none', calendar: 'none', forms: 'none', chatbots: 'none' },
};

interface CreateKeyModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The new key, its secret to be shown once. */
  onCreated: (key: CreatedApiKey) => void;
}

/** "Create API key": a name, an expiry and, per area, None, Read or Read and write. */
export function CreateKeyModal({ open, onOpenChange, onCreated }: CreateKeyModalProps) {
  const create = useCreateApiKey();
  const { field, errors, handleSubmit, reset, setError } = useZodForm(apiKeyFormSchema, blank);

  useEffect(() => {
    if (open) reset(blank);
  }, [open, reset]);

  const onSubmit = handleSubmit((input) => {
    create.mutate(input, {
      onSuccess: (key) => {
        onOpenChange(false);
        onCreated(key);
      },
      onError: (error) => {
        if (!showFieldErrors(error, ['name', 'scopes'] as const, setError))
          setError('root.server', { message: refusalMessage(error, apiKeyMessages.createFailed) });
      },
    });
  });

  return (
    <FormModal
      open={open}
      onOpenChange={onOpenChange}
      title={apiKeyMessages.create}
      pending={create.isPending}
      submitLabel={apiKeyMessages.create}
      onSubmit={onSubmit}
      formClassName="space-y-4"
    >
      <FormAlert message={errors.root?.server?.message} />
      <Field label={apiKeyMessages.nameLabel} autoComplete="off" maxLength={100} {...field('name')} />
      <SelectField label={apiKeyMessages.expiryLabel} {...field('expiry')}>
        <option value="30">30 days</option>
        <option value="90">90 days</option>
        <option value="365">365 days</option>
        <option value="never">{apiKeyMessages.noExpiry}</option>
      </SelectField>
      <fieldset aria-describedby={errors.scopes?.message ? 'api-key-scopes-error' : undefined}>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {apiKeyMessages.accessLegend}
        </legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {apiKeyAreas.map((area) => (
            <SelectField key={area} label={apiKeyAreaLabels[area]} {...field(`scopes.${area}`)}>
              <option value="none">{apiKeyMessages.none}</option>
              <option value="read">{apiKeyMessages.read}</option>
              <option value="write">{apiKeyMessages.write}</option>
            </SelectField>
          ))}
        </div>
        {errors.scopes?.message && (
          <p id="api-key-scopes-error" className="mt-2 text-sm text-red-600 dark:text-red-400">
            {errors.scopes.message}
          </p>
        )}
      </fieldset>
    </FormModal>
  );
}
