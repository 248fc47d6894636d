import { useEffect, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Tabs } from 'radix-ui';
import { formInputSchema, formMessages, type Form } from '@common/forms';
import { Button } from '../../components/button';
import { ConfirmModal } from '../../components/confirm-modal';
import { Field, FieldFrame, FormAlert, inputClasses } from '../../components/field';
import { Modal } from '../../components/modal';
import { isApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useCreateForm, useUpdateForm } from './api';
import { BuilderFields } from './builder-fields';
import { BuilderPreview } from './builder-preview';
import { BuilderSettings } from './builder-settings';
import { BuilderStyle } from './builder-style';
import { tabOfPath, toDraft, type BuilderTab, type DraftField, type FormDraft, type SavedForm } from './form-draft';

interface FormBuilderModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The form to edit; none to build a new one. */
  form: Form | null;
}

const tabs: Array<{ value: BuilderTab; label: string }> = [
  { value: 'fields', label: 'Form Fields' },
  { value: 'settings', label: 'Settings' },
  { value: 'style', label: 'Style' },
  { value: 'preview', label: 'Preview' },
];

// Room on each side for the focus rings of what it holds, which its scrolling would clip.
const tabPanel =
  '-mx-1 rounded-sm px-1 pt-4 pb-1 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500 sm:min-h-0 sm:flex-1 sm:overflow-y-auto';

/** The first tab holding an error, in tab order. */
function tabOfErrors(errors: FieldErrors<FormDraft>): BuilderTab | null {
  if (errors.fields) return 'fields';
  if (errors.settings) return 'settings';
  if (errors.style) return 'style';
  return null;
}

/** The first field of the list with an error, to open it. */
function firstFieldWithError(fields: DraftField[], errors: FieldErrors<FormDraft>): string | null {
  const list = errors.fields;
  if (!list) return null;
  const index = fields.findIndex((_, i) => Boolean((list as Record<number, unknown>)[i]));
  return index >= 0 ? fields[index]!.id : null;
}

/** Create or edit a form in a wide modal with the tabs of part 2 §2: Form Fields, Settings, Style, Preview. */
export function FormBuilderModal({ open, onOpenChange, form }: FormBuilderModalProps) {
  const create = useCreateForm();
  const update = useUpdateForm();
  const pending = create.isPending || update.isPending;
  const [tab, setTab] = useState<BuilderTab>('fields');
  const [expandedId, setExpandedId] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const builder = useForm<FormDraft, unknown, SavedForm>({
    resolver: zodResolver(formInputSchema),
    defaultValues: toDraft(form),
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    control,
    getValues,
    formState: { errors, isDirty, isSubmitted },
  } = builder;

  useEffect(() => {
    if (open) reset(toDraft(form));
  }, [open, form, reset]);

  // Each opening starts on the first tab with nothing open and no message (state adjusted while rendering).
  const [openedFor, setOpenedFor] = useState<{ form: Form | null } | null>(null);
  if (open && openedFor?.form !== form) {
    setOpenedFor({ form });
    setTab('fields');
    setExpandedId(null);
    setAlert(null);
  } else if (!open && openedFor) {
    setOpenedFor(null);
  }

  // The whole draft, for the field list and the Preview.
  const draft = useWatch({ control }) as FormDraft;
  const fields = draft.fields ?? [];

  const changeFields = (next: DraftField[]) => {
    // A removed field is mapped to nothing any more.
    const ids = new Set(next.map((field) => field.id));
    const mapping = getValues('settings.fieldMapping') ?? {};
    const kept = Object.fromEntries(Object.entries(mapping).filter(([, fieldId]) => fieldId && ids.has(fieldId)));
    if (Object.keys(kept).length !== Object.keys(mapping).length) {
      setValue('settings.fieldMapping', kept, { shouldDirty: true });
    }
    setValue('fields', next, { shouldDirty: true, shouldValidate: isSubmitted });
  };

  const close = () => onOpenChange(false);
  const askToClose = (next: boolean) => {
    if (next || pending) return;
    if (isDirty) setConfirmingClose(true);
    else close();
  };

  const showInvalid = (found: FieldErrors<FormDraft>) => {
    setAlert(formMessages.fixFields);
    const where = tabOfErrors(found);
    if (where) setTab(where);
    const fieldId = firstFieldWithError(getValues('fields') ?? [], found);
    if (fieldId) setExpandedId(fieldId);
  };

  const showServerFields = (error: Error) => {
    if (!isApiError(error) || error.status !== 400) return;
    setAlert(error.error);
    let first: BuilderTab | null = null;
    for (const [path, message] of Object.entries(error.fields)) {
      setError(path as Path<FormDraft>, { message });
      first ??= tabOfPath(path);
      const index = /^fields\.(\d+)/.exec(path)?.[1];
      const field = index === undefined ? undefined : getValues('fields')?.[Number(index)];
      if (field) setExpandedId(field.id);
    }
    if (first) setTab(first);
  };

  const save = handleSubmit((input) => {
    setAlert(null);
    const options = { onSuccess: close, onError: showServerFields };
    if (form) update.mutate({ id: form.id, input }, options);
    else create.mutate(input, options);
  }, showInvalid);

  const tabHasErrors = (value: BuilderTab) =>
    (value === 'fields' && Boolean(errors.fields)) ||
    (value === 'settings' && Boolean(errors.settings)) ||
    (value === 'style' && Boolean(errors.style));

  return (
    <>
      <Modal
        open={open}
        onOpenChange={askToClose}
        title={form ? 'Edit Form' : 'Create Form'}
        size="xl"
        fixedHeight
        footer={
          <>
            <Button variant="secondary" onClick={() => askToClose(false)} disabled={pending}>
              Cancel
            </Button>
            <Button onClick={() => void save()} loading={pending}>
              {form ? formMessages.saveExisting : formMessages.saveNew}
            </Button>
          </>
        }
      >
        <div className="space-y-4 sm:flex sm:min-h-0 sm:flex-1 sm:flex-col sm:gap-4 sm:space-y-0">
          <FormAlert message={alert} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Form name" autoComplete="off" error={errors.name?.message} {...register('name')} />
            <FieldFrame label="Description" error={errors.description?.message}>
              {(control) => (
                <textarea
                  {...control}
                  rows={1}
                  className={cn(inputClasses, 'min-h-10 resize-y')}
                  {...register('description')}
                />
              )}
            </FieldFrame>
          </div>
          {/* The tab list stays in place; the open tab scrolls on its own in the dialog's fixed height. */}
          <Tabs.Root
            value={tab}
            onValueChange={(value) => setTab(value as BuilderTab)}
            className="sm:flex sm:min-h-0 sm:flex-1 sm:flex-col"
          >
            <Tabs.List
              aria-label="Form builder"
              className="-mx-1 flex gap-1 overflow-x-auto border-b border-slate-200 px-1 dark:border-slate-800"
            >
              {tabs.map(({ value, label }) => (
                <Tabs.Trigger
                  key={value}
                  value={value}
                  className={cn(
                    '-mb-px inline-flex shrink-0 items-center gap-1.5 border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-600',
                    'hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:text-slate-100',
                    'data-[state=active]:border-indigo-600 data-[state=active]:text-indigo-700 dark:data-[state=active]:border-indigo-400 dark:data-[state=active]:text-indigo-300',
                  )}
                >
                  {label}
                  {tabHasErrors(value) && (
                    <>
                      <span aria-hidden="true" className="size-2 rounded-full bg-red-600" />
                      <span className="sr-only"> (has errors)</span>
                    </>
                  )}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="fields" className={tabPanel}>
              <BuilderFields
                fields={fields}
                errors={errors.fields}
                onChange={changeFields}
                expandedId={expandedId}
                onExpand={setExpandedId}
              />
            </Tabs.Content>
            <Tabs.Content value="settings" className={tabPanel}>
              <BuilderSettings builder={builder} />
            </Tabs.Content>
            <Tabs.Content value="style" className={tabPanel}>
              <BuilderStyle builder={builder} />
            </Tabs.Content>
            <Tabs.Content value="preview" className={tabPanel}>
              <BuilderPreview draft={draft} formId={form?.id ?? 'preview'} />
            </Tabs.Content>
          </Tabs.Root>
        </div>
      </Modal>
      <ConfirmModal
        open={confirmingClose}
        onOpenChange={setConfirmingClose}
        title="Discard changes?"
        message="This form has unsaved changes."
        detail="If you close the builder now, they are lost."
        confirmLabel="Discard changes"
        onConfirm={() => {
          setConfirmingClose(false);
          close();
        }}
      />
    </>
  );
}
