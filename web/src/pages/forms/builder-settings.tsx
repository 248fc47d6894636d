import { useId } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { mappableDealProperties, type MappableDealProperty } from '@common/forms';
import { pipelineMessages } from '@common/pipelines';
import { LabelledSwitch } from '../../components/labelled-switch';
import { Field, FieldFrame, inputClasses } from '../../components/field';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { cn } from '../../lib/cn';
import { pipelinesQuery } from '../pipelines/api';
import { dealPropertyLabels, type FormDraft, type SavedForm } from './form-draft';

type Builder = UseFormReturn<FormDraft, unknown, SavedForm>;

/** autoCreateDeal with its stage and mapping (shown only when on), notifications, redirect and success message. */
export function BuilderSettings({ builder }: { builder: Builder }) {
  const {
    control,
    register,
    formState: { errors },
  } = builder;
  const autoCreateDeal = useWatch({ control, name: 'settings.autoCreateDeal' }) ?? false;
  return (
    <div className="space-y-5">
      <Controller
        control={control}
        name="settings.autoCreateDeal"
        render={({ field }) => (
          <LabelledSwitch
            align="start"
            label="Create a deal from each submission"
            hint="A contact and a deal are made in your default pipeline from the mapped fields."
            checked={field.value ?? false}
            onChange={field.onChange}
          />
        )}
      />
      {autoCreateDeal && (
        <div className="space-y-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
          <DealStageSelect builder={builder} />
          <FieldMapping builder={builder} />
        </div>
      )}
      <Controller
        control={control}
        name="settings.notifyOnSubmission"
        render={({ field }) => (
          <LabelledSwitch
            align="start"
            label="Notify me of new submissions"
            checked={field.value ?? true}
            onChange={field.onChange}
          />
        )}
      />
      <Field
        label="Redirect URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://example.com/thank-you"
        hint="Optional. Visitors go to this http:// or https:// address after submitting."
        error={errors.settings?.redirectUrl?.message}
        {...register('settings.redirectUrl')}
      />
      <FieldFrame
        label="Success message"
        hint="Shown after a submission when there is no redirect URL."
        error={errors.settings?.successMessage?.message}
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            className={cn(inputClasses, 'resize-y')}
            {...register('settings.successMessage')}
          />
        )}
      </FieldFrame>
    </div>
  );
}

/** The stages of the default pipeline, where autoCreateDeal puts new deals. */
function DealStageSelect({ builder }: { builder: Builder }) {
  const { data, isPending, isError } = useQuery(pipelinesQuery());
  const stage = useWatch({ control: builder.control, name: 'settings.dealStage' }) ?? '';
  const error = builder.formState.errors.settings?.dealStage?.message;
  if (isPending) return <Spinner label="Loading pipelines" className="size-5 text-indigo-500" />;
  if (isError || !data) return <p className="text-sm text-red-600 dark:text-red-400">{pipelineMessages.loadFailed}</p>;
  const pipeline = data.find((p) => p.isDefault);
  if (!pipeline) {
    return (
      <p className="text-sm text-amber-800 dark:text-amber-300">
        You have no default pipeline, so no deal can be created yet. Choose one in{' '}
        <Link to="/app/settings/pipelines" className="font-medium underline">
          Pipeline Settings
        </Link>
        .
      </p>
    );
  }
  // A stage renamed or removed since the form was saved stays selectable, so the form is not changed silently.
  const stages = pipeline.stages.includes(stage) || !stage ? pipeline.stages : [stage, ...pipeline.stages];
  return (
    <SelectField
      label="Deal stage"
      hint={`New deals go to this stage of ${pipeline.name}.`}
      error={error}
      {...builder.register('settings.dealStage')}
    >
      {stages.map((name) => (
        <option key={name} value={name}>
          {pipeline.stages.includes(name) ? name : `${name} (not in ${pipeline.name})`}
        </option>
      ))}
    </SelectField>
  );
}

/** One select per mappable deal property: nothing ('—') or a field of this form. */
function FieldMapping({ builder }: { builder: Builder }) {
  const { control, setValue, formState } = builder;
  const fields = useWatch({ control, name: 'fields' }) ?? [];
  const mapping = useWatch({ control, name: 'settings.fieldMapping' }) ?? {};
  const errors = formState.errors.settings?.fieldMapping as Partial<Record<string, { message?: string }>> | undefined;
  const legendId = useId();
  const choose = (property: MappableDealProperty, fieldId: string) => {
    const next = { ...mapping };
    if (fieldId) next[property] = fieldId;
    else delete next[property];
    setValue('settings.fieldMapping', next, { shouldDirty: true });
  };
  return (
    <fieldset aria-labelledby={legendId}>
      <legend id={legendId} className="text-sm font-semibold text-slate-900 dark:text-slate-100">
        Field mapping
      </legend>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Which field fills each property of the new deal and its contact.
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {mappableDealProperties.map((property) => (
          <SelectField
            key={property}
            label={dealPropertyLabels[property]}
            value={mapping[property] ?? ''}
            error={errors?.[property]?.message}
            onChange={(event) => choose(property, event.currentTarget.value)}
          >
            <option value="">—</option>
            {fields.map((field) => (
              <option key={field.id} value={field.id}>
                {field.label.trim() || 'Untitled field'}
              </option>
            ))}
          </SelectField>
        ))}
      </div>
    </fieldset>
  );
}
