import { useId, useState, type FormEvent } from 'react';
import { format } from 'date-fns';
import { Plus } from 'lucide-react';
import { activityInputSchema, activityTypeLabels, type ActivityType } from '@common/activities';
import { activityPriorities, activityTypes } from '@common/constants';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { SelectField } from '../../components/select-field';
import { isApiError } from '../../lib/api';
import { useAuthStore } from '../../lib/auth-store';
import { AssigneeSelect } from '../team/people-select';
import { useCreateActivity } from './api';

const priorityLabels: Record<(typeof activityPriorities)[number], string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
};

type Errors = Partial<Record<'activityType' | 'description' | 'dueDate' | 'priority' | 'assignedUserId', string>>;

/** A new activity is the viewer's (`selfId`) until another assignee, or none, is chosen. */
const emptyOf = (selfId: string) => () => ({
  activityType: activityTypes[0] as ActivityType,
  description: '',
  date: '',
  time: '',
  priority: 'medium' as (typeof activityPriorities)[number],
  assignedUserId: selfId,
});

/** Adds an activity: the date and time are the viewer's local ones, sent as an ISO timestamp. */
export function ActivityForm({ dealId }: { dealId: string }) {
  const create = useCreateActivity(dealId);
  const selfId = useAuthStore((state) => state.user?.id ?? '');
  const empty = emptyOf(selfId);
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Errors>({});
  const dateId = useId();
  // The picker offers no day before today, where the viewer is.
  const today = format(new Date(), 'yyyy-MM-dd');
  const set = <K extends keyof ReturnType<typeof empty>>(key: K, value: ReturnType<typeof empty>[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const due = values.date && values.time ? new Date(`${values.date}T${values.time}`) : null;
    const parsed = activityInputSchema.safeParse({
      activityType: values.activityType,
      description: values.description,
      dueDate: due && !Number.isNaN(due.getTime()) ? due.toISOString() : '',
      priority: values.priority,
      assignedUserId: values.assignedUserId || null,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0]) as keyof Errors] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => setValues(empty()),
      onError: (error) => {
        if (isApiError(error)) setErrors(error.fields);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add activity" className="grid gap-3 sm:grid-cols-2">
      <SelectField
        label="Activity Type"
        value={values.activityType}
        error={errors.activityType}
        onChange={(event) => set('activityType', event.target.value as ActivityType)}
      >
        {activityTypes.map((type) => (
          <option key={type} value={type}>
            {activityTypeLabels[type]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Priority"
        value={values.priority}
        error={errors.priority}
        onChange={(event) => set('priority', event.target.value as (typeof activityPriorities)[number])}
      >
        {activityPriorities.map((priority) => (
          <option key={priority} value={priority}>
            {priorityLabels[priority]}
          </option>
        ))}
      </SelectField>
      <Field
        label="Description"
        className="sm:col-span-2"
        autoComplete="off"
        value={values.description}
        error={errors.description}
        onChange={(event) => set('description', event.target.value)}
      />
      <AssigneeSelect
        className="sm:col-span-2"
        value={values.assignedUserId}
        error={errors.assignedUserId}
        onChange={(event) => set('assignedUserId', event.target.value)}
      />
      <div className="grid grid-cols-2 gap-3 sm:col-span-2">
        <Field
          id={dateId}
          label="Due Date"
          type="date"
          min={today}
          value={values.date}
          error={errors.dueDate}
          onChange={(event) => set('date', event.target.value)}
        />
        <Field
          label="Due Time"
          type="time"
          value={values.time}
          aria-invalid={errors.dueDate ? true : undefined}
          aria-describedby={errors.dueDate ? `${dateId}-error` : undefined}
          onChange={(event) => set('time', event.target.value)}
        />
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" variant="secondary" loading={create.isPending}>
          <Plus aria-hidden="true" className="size-4" />
          Add Activity
        </Button>
      </div>
    </form>
  );
}
