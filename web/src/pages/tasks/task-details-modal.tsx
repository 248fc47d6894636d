import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { taskMessages } from '@common/tasks';
import { taskQuery } from './api';
import { TaskModal } from './task-modal';

/**
 * "Task Details" for a task known by its id (the tasks screen's ?task=, the calendar): reads the task,
 * then shows its edit form. Another user's task, or a deleted one, shows nothing and closes.
 */
export function TaskDetailsModal({ taskId, onClose }: { taskId: string | null; onClose: () => void }) {
  const details = useQuery({ ...taskQuery(taskId ?? ''), enabled: Boolean(taskId) });
  const failed = Boolean(taskId) && details.isError && !details.data;

  useEffect(() => {
    if (failed) {
      toast.error(taskMessages.loadFailed, { id: 'task-load' });
      onClose();
    }
  }, [failed, onClose]);

  return (
    <TaskModal
      open={Boolean(taskId) && !failed}
      onOpenChange={(open) => !open && onClose()}
      task={taskId ? (details.data ?? null) : null}
      editing
    />
  );
}
