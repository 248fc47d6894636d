import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { dealCurrencies } from '@common/constants';
import { dealInputSchema, type DealDetail, type DealInput } from '@common/deals';
import { preferredPipeline, type Pipeline } from '@common/pipelines';
import { Field, TextareaField } from '../../components/field';
import { SelectField } from '../../components/select-field';
import { isApiError } from '../../lib/api';
import { useAuthStore } from '../../lib/auth-store';
import { fieldsOf } from '../../lib/zod-form';
import { OwnerSelect, personOf } from '../team/people-select';
import { ContactPicker, type PickedContact } from './contact-picker';

/** What the inputs hold: text, as the browser gives it; turned into a DealInput on submit. */
interface FormValues {
  name: string;
  pipelineId: string;
  stage: string;
  value: string;
  currency: string;
  expectedCloseDate: string;
  notes: string;
  ownerId: string;
}
type FieldName = keyof FormValues | 'contactId';
const fieldNames: FieldName[] = [
  'name',
  'pipelineId',
  'stage',
  'value',
  'currency',
  'expectedCloseDate',
  'notes',
  'ownerId',
  'contactId',
];

/** A new deal is the viewer's (`selfId`) until another owner is chosen. */
const toValues = (deal: DealDetail | null, pipeline: Pipeline | undefined, selfId: string): FormValues => ({
  name: deal?.name ?? '',
  pipelineId: deal?.pipelineId ?? pipeline?.id ?? '',
  stage: deal?.stage ?? pipeline?.stages[0] ?? '',
  value: deal?.value === null || deal?.value === undefined ? '' : String(deal.value),
  currency: deal?.currency ?? dealCurrencies[0],
  expectedCloseDate: deal?.expectedCloseDate ?? '',
  notes: deal?.notes ?? '',
  ownerId: deal?.ownerId ?? selfId,
});

/** Part 2 §5: an empty value is null, not 0; an empty date is null. */
const toInput = (values: FormValues, contact: PickedContact | null): DealInput => ({
  name: values.name,
  pipelineId: values.pipelineId,
  stage: values.stage,
  value: values.value.trim() === '' ? null : Number(values.value),
  currency: values.currency as DealInput['currency'],
  expectedCloseDate: values.expectedCloseDate || null,
  contactId: contact?.id ?? null,
  notes: values.notes,
  ownerId: values.ownerId,
});

interface DealFormProps {
  id: string;
  deal: DealDetail | null;
  /** A new deal starts in the default one, else the first (part 2 §4), whichever board is shown. */
  pipelines: Pipeline[];
  /** Saves; calls `onFieldErrors` with the server's error when it refused the input. */
  onSubmit: (input: DealInput, onFieldErrors: (error: Error) => void) => void;
}

export function DealForm({ id, deal, pipelines, onSubmit }: DealFormProps) {
  const [contact, setContact] = useState<PickedContact | null>(
    deal?.contactId ? { id: deal.contactId, name: deal.contactName ?? '' } : null,
  );
  const [contactError, setContactError] = useState<string>();
  const self = useAuthStore((state) => state.user);
  const form = useForm<FormValues>({ defaultValues: toValues(deal, preferredPipeline(pipelines), self?.id ?? '') });
  const { register, handleSubmit, setError, setValue, getValues, control } = form;
  const errors = form.formState.errors;
  const field = fieldsOf(form);
  const pipelineId = useWatch({ control, name: 'pipelineId' });
  const stages = pipelines.find((p) => p.id === pipelineId)?.stages ?? [];

  const showFieldErrors = (fields: Record<string, string>) => {
    for (const [field, message] of Object.entries(fields)) {
      if (field === 'contactId') setContactError(message);
      else if (fieldNames.includes(field as FieldName)) setError(field as keyof FormValues, { message });
    }
  };

  const submit = handleSubmit((values) => {
    setContactError(undefined);
    const parsed = dealInputSchema.safeParse(toInput(values, contact));
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
      showFieldErrors(fields);
      return;
    }
    onSubmit(parsed.data, (error) => {
      if (isApiError(error)) showFieldErrors(error.fields);
    });
  });

  return (
    <form id={id} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <Field label="Deal Name" className="sm:col-span-2" autoComplete="off" {...field('name')} />
      <SelectField
        label="Pipeline"
        error={errors.pipelineId?.message}
        {...register('pipelineId', {
          onChange: () => {
            // The stage options follow the pipeline: keep the stage if the new pipeline has it.
            const next = pipelines.find((p) => p.id === getValues('pipelineId'));
            if (next && !next.stages.includes(getValues('stage'))) setValue('stage', next.stages[0] ?? '');
          },
        })}
      >
        {pipelines.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Stage" {...field('stage')}>
        {stages.map((stage) => (
          <option key={stage} value={stage}>
            {stage}
          </option>
        ))}
      </SelectField>
      <Field label="Value" type="number" inputMode="decimal" min={0} step={0.01} {...field('value')} />
      <SelectField label="Currency" {...field('currency')}>
        {dealCurrencies.map((currency) => (
          <option key={currency} value={currency}>
            {currency}
          </option>
        ))}
      </SelectField>
      <Field label="Expected Close Date" type="date" {...field('expectedCloseDate')} />
      <OwnerSelect
        current={deal ? { userId: deal.ownerId, name: deal.ownerName } : self && personOf(self)}
        {...field('ownerId')}
      />
      <ContactPicker
        className="sm:col-span-2"
        value={contact}
        error={contactError}
        onChange={(next) => {
          setContact(next);
          setContactError(undefined);
        }}
      />
      <TextareaField label="Notes" className="sm:col-span-2" {...field('notes')} />
    </form>
  );
}
