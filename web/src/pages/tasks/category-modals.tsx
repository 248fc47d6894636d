import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { defaultTaskCategoryColor } from '@common/constants';
import { categoryInputSchema, categoryMessages, type Category, type CategoryInput } from '@common/tasks';
import type { z } from 'zod';
import { Button } from '../../components/button';
import { ConfirmModal } from '../../components/confirm-modal';
import { EmptyState } from '../../components/empty-state';
import { Field, FieldFrame, FormAlert, inputClasses } from '../../components/field';
import { Modal } from '../../components/modal';
import { Spinner } from '../../components/spinner';
import { isApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { categoriesQuery, useCreateCategory, useDeleteCategory, useUpdateCategory } from './api';
import { CategoryLabel } from './task-card';

const colorInputClasses =
  'h-10 w-14 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1 dark:border-slate-700 dark:bg-slate-950';

/** The server's reason when it refused without naming a field (e.g. too many categories). */
const formError = (error: unknown) =>
  isApiError(error) && (error.status === 400 || error.status === 409) && Object.keys(error.fields).length === 0
    ? error.error
    : null;

/** "Create category": a name (the button waits for one) and a colour, #94A3B8 unless changed. */
export function CreateCategoryModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const formId = useId();
  const create = useCreateCategory();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm<CategoryInput, unknown, z.output<typeof categoryInputSchema>>({
    resolver: zodResolver(categoryInputSchema),
    defaultValues: { name: '', color: defaultTaskCategoryColor },
  });
  const name = useWatch({ control, name: 'name' });
  const color = useWatch({ control, name: 'color' }) ?? defaultTaskCategoryColor;

  // Each opening starts blank.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setRefusal(null);
  }
  useEffect(() => {
    if (open) reset({ name: '', color: defaultTaskCategoryColor });
  }, [open, reset]);

  const close = () => onOpenChange(false);
  const submit = handleSubmit((input) => {
    setRefusal(null);
    create.mutate(input, {
      onSuccess: close,
      onError: (error) => {
        setRefusal(formError(error));
        if (!isApiError(error)) return;
        for (const [field, message] of Object.entries(error.fields)) {
          if (field === 'name' || field === 'color') setError(field, { message });
        }
      },
    });
  });

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !create.isPending && onOpenChange(next)}
      title={categoryMessages.create}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={create.isPending} disabled={!name?.trim()}>
            Create
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <FormAlert message={refusal} />
        <Field label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
        <FieldFrame label="Colour" error={errors.color?.message}>
          {(control) => (
            <div className="flex items-center gap-3">
              <input {...control} type="color" className={colorInputClasses} {...register('color')} />
              <span className="font-mono text-sm text-slate-700 uppercase dark:text-slate-300">{color}</span>
              {name?.trim() && <CategoryLabel category={{ id: 'preview', name: name.trim(), color }} />}
            </div>
          )}
        </FieldFrame>
      </form>
    </Modal>
  );
}

interface ManageCategoriesModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A category is gone: a filter on it has nothing left to show. */
  onDeleted: (id: string) => void;
}

/** Every category, to rename, recolour or delete; deleting one leaves its tasks uncategorised. */
export function ManageCategoriesModal({ open, onOpenChange, onDeleted }: ManageCategoriesModalProps) {
  const categories = useQuery(categoriesQuery());
  const remove = useDeleteCategory();
  const [deleting, setDeleting] = useState<Category | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    const { id } = deleting;
    remove.mutate(id, {
      onSuccess: () => {
        setDeleting(null);
        onDeleted(id);
      },
    });
  };

  return (
    <>
      <Modal
        open={open}
        onOpenChange={onOpenChange}
        title="Manage categories"
        size="md"
        footer={
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        }
      >
        {categories.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label="Loading categories" className="size-6 text-indigo-500" />
          </div>
        ) : !categories.data ? (
          <EmptyState
            message={categoryMessages.loadFailed}
            action={
              <Button variant="secondary" onClick={() => categories.refetch()}>
                Retry
              </Button>
            }
          />
        ) : categories.data.length === 0 ? (
          <EmptyState message="No categories yet. Click Create category to add one." />
        ) : (
          <ul aria-label="Categories" className="divide-y divide-slate-200 dark:divide-slate-800">
            {categories.data.map((category) => (
              <CategoryRow
                key={`${category.id}:${category.name}:${category.color}`}
                category={category}
                onDelete={setDeleting}
              />
            ))}
          </ul>
        )}
      </Modal>
      <ConfirmModal
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        title="Delete Category"
        message={categoryMessages.deleteTitle}
        detail={categoryMessages.deleteBody}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}

/** One category: its name and colour to change in place, Save, Delete. */
function CategoryRow({ category, onDelete }: { category: Category; onDelete: (category: Category) => void }) {
  const update = useUpdateCategory();
  const nameId = useId();
  const [name, setName] = useState(category.name);
  const [color, setColor] = useState(category.color);
  const [error, setError] = useState<string | null>(null);
  const changed = name.trim() !== category.name || color.toLowerCase() !== category.color.toLowerCase();

  const save = () => {
    const parsed = categoryInputSchema.safeParse({ name, color });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? categoryMessages.updateFailed);
      return;
    }
    setError(null);
    update.mutate(
      { id: category.id, input: parsed.data },
      {
        onError: (e) => setError(isApiError(e) ? (Object.values(e.fields)[0] ?? formError(e)) : null),
      },
    );
  };

  return (
    <li className="py-3">
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <input
          type="color"
          aria-label={`Colour of ${category.name}`}
          className={colorInputClasses}
          value={color}
          onChange={(event) => setColor(event.target.value)}
        />
        <input
          id={nameId}
          aria-label={`Name of ${category.name}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${nameId}-error` : undefined}
          autoComplete="off"
          className={cn(inputClasses, 'min-w-0 flex-1 basis-40')}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <div className="flex gap-1">
          <Button
            type="submit"
            size="sm"
            variant="secondary"
            disabled={!changed || !name.trim()}
            loading={update.isPending}
          >
            Save<span className="sr-only"> {category.name}</span>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700 dark:text-red-400"
            onClick={() => onDelete(category)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Delete<span className="sr-only"> {category.name}</span>
          </Button>
        </div>
      </form>
      {error && (
        <p id={`${nameId}-error`} className="mt-1 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </li>
  );
}
