import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { taskStatuses } from '@common/constants';
import {
  categoryMessages,
  taskInputSchema,
  taskMessages,
  taskStatusSchema,
  type Task,
  type TaskInput,
} from '@common/tasks';
import { Field, TextareaField } from '../../components/field';
import { SelectField } from '../../components/select-field';
import { isApiError } from '../../lib/api';
import { AssigneeSelect } from '../team/people-select';
import { categoriesQuery, dealOptionsQuery, projectOptionsQuery } from './api';
import { fromLocalInput, toLocalInput } from './format';
import { LinkPicker, type Picked } from './link-picker';
import { useZodForm } from '../../lib/zod-form';

/** What the inputs hold, checked in the browser with the server's own messages before it is sent. */
const formSchema = z.object({
  name: taskInputSchema.shape.name,
  description: z.string().max(5000, 'Must be at most 5000 characters'),
  status: taskStatusSchema,
  dueDate: z.string().refine((v) => !v || !Number.isNaN(new Date(v).getTime()), taskMessages.dueDateInvalid),
  isMilestone: z.boolean(),
  categoryId: z.string(),
  assignedUserId: z.string(),
});
type FormValues = z.input<typeof formSchema>;
const formFields = ['name', 'description', 'status', 'dueDate', 'isMilestone', 'categoryId', 'assignedUserId'] as const;

const toValues = (task: Task | null): FormValues => ({
  name: task?.name ?? '',
  description: task?.description ?? '',
  status: task?.status ?? 'To Do',
  dueDate: toLocalInput(task?.dueDate ?? null),
  isMilestone: task?.isMilestone ?? false,
  categoryId: task?.category?.id ?? '',
  assignedUserId: task?.assignedUserId ?? '',
});

interface TaskFormProps {
  id: string;
  task: Task | null;
  /** Saves; calls `onFieldErrors` with the server's error when it refused the input. */
  onSubmit: (input: TaskInput, onFieldErrors: (error: Error) => void) => void;
}

/**
 * Name, description, status, due date and time, milestone, category, the assignee, and a project or a deal (never
 * both).
 */
export function TaskForm({ id, task, onSubmit }: TaskFormProps) {
  const categories = useQuery(categoriesQuery());
  const [project, setProject] = useState<Picked | null>(
    task?.projectId ? { id: task.projectId, name: task.projectName ?? '' } : null,
  );
  const [deal, setDeal] = useState<Picked | null>(task?.dealId ? { id: task.dealId, name: task.dealName ?? '' } : null);
  const [linkErrors, setLinkErrors] = useState<{ projectId?: string; dealId?: string }>({});
  const { field, register, handleSubmit, setError } = useZodForm(formSchema, toValues(task));

  useEffect(() => {
    if (categories.isError) toast.error(categoryMessages.loadFailed, { id: 'task-categories' });
  }, [categories.isError]);

  // A task another user assigned keeps its owner's category, which is not in this user's list.
  const options = categories.data ?? [];
  const categoryOptions =
    task?.category && !options.some((c) => c.id === task.category?.id) ? [...options, task.category] : options;

  const submit = handleSubmit((values) => {
    setLinkErrors({});
    const input: TaskInput = {
      name: values.name,
      description: values.description,
      status: values.status,
      dueDate: fromLocalInput(values.dueDate),
      isMilestone: values.isMilestone,
      categoryId: values.categoryId || null,
      assignedUserId: values.assignedUserId || null,
      projectId: project?.id ?? null,
      dealId: deal?.id ?? null,
    };
    onSubmit(input, (error) => {
      if (!isApiError(error)) return;
      const { projectId, dealId, ...rest } = error.fields;
      setLinkErrors({ projectId, dealId });
      for (const [field, message] of Object.entries(rest)) {
        if ((formFields as readonly string[]).includes(field)) setError(field as keyof FormValues, { message });
      }
    });
  });

  return (
    <form id={id} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <Field label="Name" className="sm:col-span-2" autoComplete="off" {...field('name')} />
      <TextareaField label="Description" className="sm:col-span-2" {...field('description')} />
      <SelectField label="Status" {...field('status')}>
        {taskStatuses.map((status) => (
          <option key={status} value={status}>
            {status}
          </option>
        ))}
      </SelectField>
      <Field label="Due date" type="datetime-local" {...field('dueDate')} />
      <SelectField label="Category" {...field('categoryId')}>
        <option value="">No category</option>
        {categoryOptions.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </SelectField>
      <AssigneeSelect
        current={task?.assignedUserId ? { userId: task.assignedUserId, name: task.assigneeName ?? '' } : null}
        {...field('assignedUserId')}
      />
      {/* Part 2 §4: a task links to a project or to a deal; choosing one clears and disables the other. */}
      <LinkPicker
        label="Project"
        plural="projects"
        search={projectOptionsQuery}
        value={project}
        disabled={deal !== null}
        hint={deal ? 'Clear the deal to link a project instead.' : undefined}
        error={linkErrors.projectId}
        onChange={(next) => {
          setProject(next);
          if (next) setDeal(null);
          setLinkErrors({});
        }}
      />
      <LinkPicker
        label="Deal"
        plural="deals"
        search={dealOptionsQuery}
        value={deal}
        disabled={project !== null}
        hint={project ? 'Clear the project to link a deal instead.' : undefined}
        error={linkErrors.dealId}
        onChange={(next) => {
          setDeal(next);
          if (next) setProject(null);
          setLinkErrors({});
        }}
      />
      <div className="sm:col-span-2">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800 dark:text-slate-200">
          <input
            type="checkbox"
            className="size-4 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-600"
            {...register('isMilestone')}
          />
          Milestone
        </label>
      </div>
    </form>
  );
}
