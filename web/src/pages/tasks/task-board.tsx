import type { Task, TaskBoard as Data } from '@common/tasks';
import { Board } from '../../components/board/board';
import { columnPages, taskBoardKind, useSetTaskStatus } from './api';
import type { TaskFilters } from './filters';
import { TaskCard } from './task-card';

interface TaskBoardProps {
  board: Data;
  filters: TaskFilters;
  now: Date;
  onOpen: (task: Task) => void;
  onComplete: (task: Task) => void;
}

/** To Do, In Progress and Done, with their counts ("10,000+" past the cap); cards are dragged between them. */
export function TaskBoard({ board, filters, now, onOpen, onComplete }: TaskBoardProps) {
  const move = useSetTaskStatus();
  return (
    <Board
      columns={board.columns}
      kind={taskBoardKind}
      pages={columnPages(filters)}
      onMove={(task, status) => move.mutate({ card: task, to: status, via: 'drag' })}
      renderCard={(task, drag) => <TaskCard task={task} now={now} onOpen={onOpen} onComplete={onComplete} {...drag} />}
      renderOverlay={(task) => <TaskCard task={task} now={now} overlay />}
    />
  );
}
