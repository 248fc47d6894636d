import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  knowledgeInputSchema,
  MAX_KNOWLEDGE_BODY,
  MAX_KNOWLEDGE_TITLE,
  type KnowledgeEntry,
  type KnowledgeKind,
} from '@common/chatbots';
import { Field, FormAlert, TextareaField } from '../../components/field';
import { FormModal } from '../../components/form-modal';
import { useZodForm } from '../../lib/zod-form';
import { reasonOf, useSaveKnowledge } from './api';
import { showFieldErrors } from '../../lib/field-errors';
import { knowledgeMessages } from './messages';

type FormValues = z.input<typeof knowledgeInputSchema>;
const fieldNames = ['kind', 'title', 'body'] as const;

/** Each kind's words for its two fields. */
export const kindLabels: Record<KnowledgeKind, { name: string; title: string; body: string }> = {
  qa: { name: 'Question and answer', title: 'Question', body: 'Answer' },
  document: { name: 'Document', title: 'Title', body: 'Text' },
};

const toValues = (entry: KnowledgeEntry | null): FormValues => ({
  kind: entry?.kind ?? 'qa',
  title: entry?.title ?? '',
  body: entry?.body ?? '',
});

interface KnowledgeFormModalProps {
  chatbotId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The entry to edit; none to add one. */
  entry: KnowledgeEntry | null;
}

/** Adds or edits a knowledge entry: a question and its answer, or a document's title and text. */
export function KnowledgeFormModal({ chatbotId, open, onOpenChange, entry }: KnowledgeFormModalProps) {
  const save = useSaveKnowledge(chatbotId);
  const { field, errors, register, handleSubmit, reset, setError, control } = useZodForm(
    knowledgeInputSchema,
    toValues(entry),
  );

  useEffect(() => {
    if (open) reset(toValues(entry));
  }, [open, entry, reset]);

  const kind = useWatch({ control, name: 'kind' });
  const labels = kindLabels[kind];
  const used = useWatch({ control, name: 'body' }).length;

  const onSubmit = handleSubmit((input) => {
    save.mutate(
      { entryId: entry?.id ?? null, input },
      {
        onSuccess: () => onOpenChange(false),
        onError: (error) => {
          if (!showFieldErrors(error, fieldNames, setError))
            setError('root.server', { message: reasonOf(error, knowledgeMessages.saveFailed) });
        },
      },
    );
  });

  return (
    <FormModal
      open={open}
      onOpenChange={onOpenChange}
      title={entry ? knowledgeMessages.edit : knowledgeMessages.add}
      size="lg"
      pending={save.isPending}
      submitLabel={entry ? 'Save' : 'Add'}
      onSubmit={onSubmit}
      formClassName="space-y-4"
    >
      <FormAlert message={errors.root?.server?.message} />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Type</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {(Object.keys(kindLabels) as KnowledgeKind[]).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
              <input type="radio" value={value} className="size-4 accent-indigo-600" {...register('kind')} />
              {kindLabels[value].name}
            </label>
          ))}
        </div>
        {errors.kind?.message && <p className="mt-1 text-sm text-red-600 dark:text-red-400">{errors.kind.message}</p>}
      </fieldset>
      <Field
        label={labels.title}
        autoComplete="off"
        maxLength={MAX_KNOWLEDGE_TITLE}

        {...field('title')}
      />
      <TextareaField
        label={labels.body}
        rows={kind === 'document' ? 12 : 5}
        maxLength={MAX_KNOWLEDGE_BODY}
        hint={`Up to ${MAX_KNOWLEDGE_BODY.toLocaleString('en-US')} characters (${used.toLocaleString('en-US')} used).`}

        {...field('body')}
      />
    </FormModal>
  );
}
