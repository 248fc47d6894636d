import { useId, useState } from 'react';
import { Trash2 } from 'lucide-react';
import { taskMessages, type Task, type TaskInput } from '@common/tasks';
import { Button } from '../../components/button';
import { ConfirmModal } from '../../components/confirm-modal';
import { Modal } from '../../components/modal';
import { Spinner } from '../../components/spinner';
import { useCreateTask, useDeleteTask, useUpdateTask } from './api';
import { TaskForm } from './task-form';

interface TaskModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The task to edit; null with `editing` while it loads; null without it to create one. */
  task: Task | null;
  editing?: boolean;
}

/** "Create Task", or "Task Details": the task's fields to edit, and delete after a confirmation. */
export function TaskModal({ open, onOpenChange, task, editing = task !== null }: TaskModalProps) {
  const formId = useId();
  const create = useCreateTask();
  const update = useUpdateTask();
  const remove = useDeleteTask();
  const [confirming, setConfirming] = useState(false);
  const pending = create.isPending || update.isPending || remove.isPending;
  const close = () => onOpenChange(false);

  const save = (input: TaskInput, onFieldErrors: (error: Error) => void) => {
    if (task) update.mutate({ id: task.id, input }, { onSuccess: close, onError: onFieldErrors });
    else create.mutate(input, { onSuccess: close, onError: onFieldErrors });
  };

  const confirmDelete = () => {
    if (!task) return;
    remove.mutate(task.id, {
      onSuccess: () => {
        setConfirming(false);
        close();
      },
    });
  };

  return (
    <>
      <Modal
        open={open}
        onOpenChange={(next) => !pending && onOpenChange(next)}
        title={editing ? taskMessages.detailsTitle : taskMessages.create}
        size="lg"
        footer={
          editing && !task ? undefined : (
            <>
              {task?.isOwn && (
                <Button
                  variant="ghost"
                  className="text-red-700 sm:mr-auto dark:text-red-400"
                  onClick={() => setConfirming(true)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  Delete
                </Button>
              )}
              <Button variant="secondary" onClick={close} disabled={pending}>
                Cancel
              </Button>
              <Button type="submit" form={formId} loading={create.isPending || update.isPending}>
                {task ? 'Save' : 'Create'}
              </Button>
            </>
          )
        }
      >
        {editing && !task ? (
          <div className="flex justify-center py-10">
            <Spinner label="Loading task" className="size-6 text-indigo-500" />
          </div>
        ) : (
          <TaskForm key={task?.id ?? 'new'} id={formId} task={task} onSubmit={save} />
        )}
      </Modal>
      <ConfirmModal
        open={confirming}
        onOpenChange={(next) => !next && setConfirming(false)}
        title="Delete Task"
        message={taskMessages.deleteTitle}
        detail={taskMessages.deleteBody}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
