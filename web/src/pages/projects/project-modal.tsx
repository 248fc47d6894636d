import { useEffect } from 'react';
import { z } from 'zod';
import { Trash2 } from 'lucide-react';
import { projectStatuses } from '@common/constants';
import { isoDate } from '@common/http';
import {
  projectFormStatuses,
  projectInputSchema,
  projectMessages,
  type Project,
  type ProjectStatus,
} from '@common/projects';
import { Button } from '../../components/button';
import { Field, FieldFrame, inputClasses } from '../../components/field';
import { FormModal } from '../../components/form-modal';
import { SelectField } from '../../components/select-field';
import { showFieldErrors } from '../../lib/field-errors';
import { cn } from '../../lib/cn';
import { useZodForm } from '../../lib/zod-form';
import { useCreateProject, useUpdateProject } from './api';

/** The date input gives '' when cleared: that is "no due date", not an invalid one. */
const formSchema = projectInputSchema.extend({
  dueDate: z
    .string()
    .transform((value) => value || null)
    .pipe(isoDate(projectMessages.dueDateInvalid).nullable()),
});
type FormValues = z.input<typeof formSchema>;
const fieldNames: (keyof FormValues)[] = ['name', 'description', 'status', 'dueDate'];

const toValues = (project: Project | null): FormValues => ({
  name: project?.name ?? '',
  description: project?.description ?? '',
  status: project?.status ?? 'Not Started',
  dueDate: project?.dueDate ?? '',
});

/** The form offers three statuses (part 2 §4); a project dragged to Planning or Review keeps its own. */
const statusOptions = (current: ProjectStatus | undefined) =>
  projectStatuses.filter((s) => (projectFormStatuses as readonly string[]).includes(s) || s === current);

interface ProjectModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The project to edit; none to create one. */
  project: Project | null;
  onDelete?: (project: Project) => void;
  deleting?: boolean;
}

export function ProjectModal({ open, onOpenChange, project, onDelete, deleting }: ProjectModalProps) {
  const create = useCreateProject();
  const update = useUpdateProject();
  const pending = create.isPending || update.isPending || Boolean(deleting);
  const { field, errors, register, handleSubmit, reset, setError } = useZodForm(formSchema, toValues(project));

  useEffect(() => {
    if (open) reset(toValues(project));
  }, [open, project, reset]);

  const showServerFields = (error: Error) => showFieldErrors(error, fieldNames, setError);
  const close = () => onOpenChange(false);

  const onSubmit = handleSubmit((input) => {
    if (project) update.mutate({ id: project.id, input }, { onSuccess: close, onError: showServerFields });
    else create.mutate(input, { onSuccess: close, onError: showServerFields });
  });

  return (
    <FormModal
      open={open}
      onOpenChange={onOpenChange}
      title={project ? 'Edit Project' : 'Create Project'}
      pending={pending}
      saving={create.isPending || update.isPending}
      submitLabel="Save"
      submitDisabled={pending}
      onSubmit={onSubmit}
      formClassName="space-y-4"
      extraActions={
        project &&
        onDelete && (
          <Button
            variant="ghost"
            className="text-red-700 sm:mr-auto dark:text-red-400"
            loading={deleting}
            disabled={pending}
            onClick={() => onDelete(project)}
          >
            {!deleting && <Trash2 aria-hidden="true" className="size-4" />}
            Delete
          </Button>
        )
      }
    >
      <Field label="Name" autoComplete="off" {...field('name')} />
      <FieldFrame label="Description" error={errors.description?.message}>
        {(control) => (
          <textarea {...control} rows={4} className={cn(inputClasses, 'resize-y')} {...register('description')} />
        )}
      </FieldFrame>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Due Date" type="date" {...field('dueDate')} />
        <SelectField label="Status" {...field('status')}>
          {statusOptions(project?.status).map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </SelectField>
      </div>
    </FormModal>
  );
}
