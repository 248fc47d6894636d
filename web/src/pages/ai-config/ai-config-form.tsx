import { useForm, useWatch } from 'react-hook-form';
import {
  aiConfigInputSchema,
  aiMessages,
  aiModels,
  aiProviderLabels,
  aiProviders,
  type AiConfig,
  type AiConfigInput,
  type AiProvider,
} from '@common/ai-config';
import { Button } from '../../components/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/card';
import { Field } from '../../components/field';
import { SelectField } from '../../components/select-field';
import { isApiError } from '../../lib/api';
import { useSaveAiConfig } from './api';
import { fieldsOf } from '../../lib/zod-form';

/** The model picker's value for "Other model": the id is typed in a field of its own. */
const OTHER = '__other__';

type FormValues = { provider: AiProvider; model: string; customModel: string; baseUrl: string; apiKey: string };

const isEndpoint = (provider: AiProvider) => provider === 'openaiCompatible';
const listedModels = (provider: AiProvider): readonly string[] => aiModels[provider];

const valuesOf = (config: AiConfig): FormValues => {
  const provider = config.provider ?? aiProviders[0];
  const saved = config.model ?? '';
  const listed = listedModels(provider);
  const isListed = !saved || listed.includes(saved);
  return {
    provider,
    model: isEndpoint(provider) ? '' : isListed ? saved || (listed[0] ?? '') : OTHER,
    customModel: isEndpoint(provider) || !isListed ? saved : '',
    baseUrl: config.baseUrl ?? '',
    apiKey: '',
  };
};

/** The model the form stands for: the listed one chosen, or the id typed. */
const modelOf = (values: FormValues) =>
  isEndpoint(values.provider) || values.model === OTHER ? values.customModel : values.model;

/** The field a model error belongs under: the typed id when one is typed, else the picker. */
const modelField = (values: FormValues): keyof FormValues =>
  isEndpoint(values.provider) || values.model === OTHER ? 'customModel' : 'model';

/**
 * Provider, model and key (part 2 §5), and beyond the spec an OpenAI-compatible endpoint with its base URL and an
 * "Other model" choice for any model id. The stored key never comes back (decisions.md item 5): it is shown masked,
 * the field stays empty, and an empty field keeps the stored key (on the same side: a spec provider's key is never
 * kept for an endpoint, nor the other way round).
 */
export function AiConfigForm({ config }: { config: AiConfig }) {
  const save = useSaveAiConfig();
  const form = useForm<FormValues>({ defaultValues: valuesOf(config) });
  const { register, handleSubmit, setError, setValue, reset, control } = form;
  const errors = form.formState.errors;
  const field = fieldsOf(form);
  const provider = useWatch({ control, name: 'provider' });
  const model = useWatch({ control, name: 'model' });
  const endpoint = isEndpoint(provider);
  const savedEndpoint = config.provider !== null && isEndpoint(config.provider);
  // The stored key counts only while the provider stays on its side (saveAiConfig's rule).
  const stored = config.apiKeyMasked && savedEndpoint === endpoint ? config.apiKeyMasked : null;

  const submit = handleSubmit((values) => {
    const input: AiConfigInput = {
      provider: values.provider,
      model: modelOf(values),
      apiKey: values.apiKey,
      ...(isEndpoint(values.provider) ? { baseUrl: values.baseUrl } : {}),
    };
    const parsed = aiConfigInputSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = String(issue.path[0] ?? 'provider');
        const field = path === 'model' ? modelField(values) : (path as keyof FormValues);
        setError(field, { message: issue.message });
      }
      return;
    }
    if (!values.apiKey.trim() && !stored && !isEndpoint(values.provider)) {
      setError('apiKey', { message: aiMessages.keyRequired });
      return;
    }
    save.mutate(input, {
      onSuccess: (saved) => reset(valuesOf(saved)),
      onError: (error) => {
        if (!isApiError(error, 400)) return;
        for (const [field, message] of Object.entries(error.fields)) {
          if (field === 'model') setError(modelField(values), { message });
          else if (field === 'provider' || field === 'apiKey' || field === 'baseUrl') setError(field, { message });
        }
      },
    });
  });

  const keyHint = stored ? (
    <>
      Current key: <span className="font-mono">{stored}</span>. It stays unchanged unless you type a new one.
    </>
  ) : endpoint ? (
    'Optional: only if the endpoint asks for one (OpenRouter does; a local Ollama or LM Studio does not).'
  ) : (
    'No key is stored yet.'
  );

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
                  setValue('model', listedModels(event.target.value as AiProvider)[0] ?? '', {
                    shouldValidate: false,
                  }),
              })}
            >
              {aiProviders.map((value) => (
                <option key={value} value={value}>
                  {aiProviderLabels[value]}
                </option>
              ))}
            </SelectField>
            {endpoint ? (
              <Field
                label="Model"
                autoComplete="off"
                spellCheck={false}
                placeholder="llama3.1"
                hint="The model’s name as the endpoint knows it."
                {...field('customModel')}
              />
            ) : (
              // A new select for each provider: it takes the model set for the provider once its options exist
              // (setting the value while the old options stand would leave "Other model" chosen).
              <SelectField key={provider} label="Model" {...field('model')}>
                {listedModels(provider).map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
                <option value={OTHER}>{aiMessages.otherModel}</option>
              </SelectField>
            )}
          </div>
          {!endpoint && model === OTHER && (
            <Field
              label="Model ID"
              autoComplete="off"
              spellCheck={false}
              placeholder={
                provider === 'anthropic'
                  ? 'claude-3-5-haiku-latest'
                  : provider === 'google'
                    ? 'gemini-2.0-flash'
                    : 'gpt-4o'
              }
              hint={`Any model of ${aiProviderLabels[provider]}, by the id its API uses.`}
              {...field('customModel')}
            />
          )}
          {endpoint && (
            <Field
              label="Base URL"
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="http://localhost:11434/v1"
              hint="The endpoint’s OpenAI-compatible API: Ollama at http://localhost:11434/v1, LM Studio at http://localhost:1234/v1."
              {...field('baseUrl')}
            />
          )}
          <Field
            label="API Key"
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            placeholder={
              stored
                ? 'Leave empty to keep the current key'
                : endpoint
                  ? 'The endpoint’s key, if it needs one'
                  : `Your ${aiProviderLabels[provider]} API key`
            }
            hint={keyHint}
            {...field('apiKey')}
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
