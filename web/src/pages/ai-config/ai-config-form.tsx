import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  aiConfigInputSchema,
  aiMessages,
  aiModels,
  aiProviderLabels,
  type AiConfig,
  type AiConfigInput,
  type AiProvider,
} from '@common/ai-config';
import { aiProviders } from '@common/constants';
import { Button } from '../../components/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/card';
import { Field } from '../../components/field';
import { SelectField } from '../../components/select-field';
import { isApiError } from '../../lib/api';
import { useSaveAiConfig } from './api';

type FormValues = { provider: AiProvider; model: string; apiKey: string };
const fieldNames: Array<keyof FormValues> = ['provider', 'model', 'apiKey'];

const valuesOf = (config: AiConfig): FormValues => {
  const provider = config.provider ?? aiProviders[0];
  return { provider, model: config.model ?? aiModels[provider][0], apiKey: '' };
};

/**
 * Provider, model and key (part 2 §5). The stored key never comes back (decisions.md item 5): it is shown masked,
 * the field stays empty, and an empty field keeps the stored key.
 */
export function AiConfigForm({ config }: { config: AiConfig }) {
  const save = useSaveAiConfig();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    control,
    formState: { errors },
  } = useForm<AiConfigInput, unknown, z.output<typeof aiConfigInputSchema>>({
    resolver: zodResolver(aiConfigInputSchema),
    defaultValues: valuesOf(config),
  });
  const provider = useWatch({ control, name: 'provider' });
  const stored = config.apiKeyMasked;

  const submit = handleSubmit((input) => {
    if (!input.apiKey && !stored) {
      setError('apiKey', { message: aiMessages.keyRequired });
      return;
    }
    save.mutate(input, {
      onSuccess: (saved) => reset(valuesOf(saved)),
      onError: (error) => {
        if (!isApiError(error, 400)) return;
        for (const [field, message] of Object.entries(error.fields)) {
          if (fieldNames.includes(field as keyof FormValues)) setError(field as keyof FormValues, { message });
        }
      },
    });
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle id="ai-config-heading">AI Provider</CardTitle>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          The provider, model and API key the AI features use. The key is stored encrypted and never shown again.
        </p>
      </CardHeader>
      <CardBody>
        <form aria-labelledby="ai-config-heading" onSubmit={submit} noValidate className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Provider"
              error={errors.provider?.message}
              {...register('provider', {
                // A model of the new provider: its first one (part 2 §5).
                onChange: (event: React.ChangeEvent<HTMLSelectElement>) =>
                  setValue('model', aiModels[event.target.value as AiProvider][0], { shouldValidate: true }),
              })}
            >
              {aiProviders.map((value) => (
                <option key={value} value={value}>
                  {aiProviderLabels[value]}
                </option>
              ))}
            </SelectField>
            <SelectField label="Model" error={errors.model?.message} {...register('model')}>
              {aiModels[provider].map((model) => (
                <option key={model} value={model}>
                  {model}
                </option>
              ))}
            </SelectField>
          </div>
          <Field
            label="API Key"
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            placeholder={stored ? 'Leave empty to keep the current key' : `Your ${aiProviderLabels[provider]} API key`}
            hint={
              stored ? (
                <>
                  Current key: <span className="font-mono">{stored}</span>. It stays unchanged unless you type a new
                  one.
                </>
              ) : (
                'No key is stored yet.'
              )
            }
            error={errors.apiKey?.message}
            {...register('apiKey')}
          />
          <div className="flex justify-end">
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
