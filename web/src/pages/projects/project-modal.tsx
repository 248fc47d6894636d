import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
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
import { Modal } from '../../components/modal';
import { SelectField } from '../../components/select-field';
import { isApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useCreateProject, useUpdateProject } from './api';

/** The date input gives '' when cleared: that is "no due date", not an invalid one. */
const formSchema = projectInputSchema.extend({
  dueDate: z
    .string()
    .transform((value) => value || null)
    .pipe(isoDate(projectMessages.dueDateInvalid).nullable()),
});
type FormValues = z.input<typeof formSchema>;
type FieldName = keyof FormValues;
const fieldNames: FieldName[] = ['name', 'description', 'status', 'dueDate'];

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
  const formId = useId();
  const create = useCreateProject();
  const update = useUpdateProject();
  const pending = create.isPending || update.isPending || Boolean(deleting);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: toValues(project),
  });

  useEffect(() => {
    if (open) reset(toValues(project));
  }, [open, project, reset]);

  const showServerFields = (error: Error) => {
    if (!isApiError(error)) return;
    for (const [field, message] of Object.entries(error.fields)) {
      if (fieldNames.includes(field as FieldName)) setError(field as FieldName, { message });
    }
  };
  const close = () => onOpenChange(false);

  const onSubmit = handleSubmit((input) => {
    if (project) update.mutate({ id: project.id, input }, { onSuccess: close, onError: showServerFields });
    else create.mutate(input, { onSuccess: close, onError: showServerFields });
  });

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={project ? 'Edit Project' : 'Create Project'}
      footer={
        <>
          {project && onDelete && (
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
          )}
          <Button variant="secondary" onClick={close} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={create.isPending || update.isPending} disabled={pending}>
            Save
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        <Field label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
        <FieldFrame label="Description" error={errors.description?.message}>
          {(control) => (
            <textarea {...control} rows={4} className={cn(inputClasses, 'resize-y')} {...register('description')} />
          )}
        </FieldFrame>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Due Date" type="date" error={errors.dueDate?.message} {...register('dueDate')} />
          <SelectField label="Status" error={errors.status?.message} {...register('status')}>
            {statusOptions(project?.status).map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </SelectField>
        </div>
      </form>
    </Modal>
  );
}
