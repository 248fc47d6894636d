import { useCallback, useEffect, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Columns3, List, ListTodo, Plus, SearchX, Settings2, Tag } from 'lucide-react';
import { categoryMessages, taskMessages, type Task } from '@common/tasks';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { useAuthStore } from '../../lib/auth-store';
import { cn } from '../../lib/cn';
import { useParamOnce } from '../../lib/use-param-once';
import { boardQuery, categoriesQuery, taskKey, useSetTaskStatus } from './api';
import { CreateCategoryModal, ManageCategoriesModal } from './category-modals';
import { filterQuery, hasFilters, useTaskFilters } from './filters';
import { FiltersBar } from './filters-bar';
import { TaskBoard } from './task-board';
import { TaskDetailsModal } from './task-details-modal';
import { TaskList } from './task-list';
import { TaskModal } from './task-modal';

type View = 'board' | 'list';

function readView(key: string): View {
  try {
    return localStorage.getItem(key) === 'list' ? 'list' : 'board';
  } catch {
    return 'board';
  }
}

/** Board or list, remembered per user on this browser. */
function useView(userId: string | undefined): [View, (view: View) => void] {
  const key = `pipewise:tasks-view:${userId ?? 'anonymous'}`;
  const [view, setView] = useState<View>(() => readView(key));
  // Another user signed in on this browser: their own choice.
  const [seenKey, setSeenKey] = useState(key);
  if (key !== seenKey) {
    setSeenKey(key);
    setView(readView(key));
  }
  const choose = (next: View) => {
    setView(next);
    try {
      localStorage.setItem(key, next);
    } catch {
      // Private mode or a full store: the choice lasts for this visit only.
    }
  };
  return [view, choose];
}

function ViewToggle({ view, onChange }: { view: View; onChange: (view: View) => void }) {
  const option = (value: View, label: string, Icon: typeof List) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => onChange(value)}
      className={cn(
        'inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-500',
        view === value
          ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-700 dark:text-white'
          : 'text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      {label}
    </button>
  );
  return (
    <div role="group" aria-label="View" className="inline-flex rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
      {option('board', 'Board', Columns3)}
      {option('list', 'List', List)}
    </div>
  );
}

/** The tasks of the user (and those assigned to them) as a board or a list, filtered from the address. */
export function TasksPage() {
  const qc = useQueryClient();
  const user = useAuthStore((state) => state.user);
  const [view, setView] = useView(user?.id);
  const { filters, setFilters, clearFilters, params, setParams } = useTaskFilters();
  const filtered = hasFilters(filters);
  const categories = useQuery(categoriesQuery());
  const board = useQuery({ ...boardQuery(filters), enabled: view === 'board', placeholderData: keepPreviousData });
  const setStatus = useSetTaskStatus();
  const [creating, setCreating] = useState(false);
  // The command menu's "Create task" links here with ?new=1.
  useParamOnce('new', () => setCreating(true));
  const [creatingCategory, setCreatingCategory] = useState(false);
  const [managing, setManaging] = useState(false);
  // Read once per render: every card judges "overdue" against the same moment.
  const now = new Date();

  useEffect(() => {
    if (categories.isError) toast.error(categoryMessages.loadFailed, { id: 'task-categories' });
  }, [categories.isError]);
  useEffect(() => {
    if (board.isError) toast.error(taskMessages.loadFailed, { id: 'tasks-load' });
  }, [board.isError]);

  // ?task=<id> (and /tasks/<id>, which lands here) opens that task's details.
  const taskId = params.get('task');
  const openTask = (task: Task) => {
    qc.setQueryData(taskKey(task.id), task);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('task', task.id);
        return next;
      },
      { replace: true },
    );
  };
  const closeTask = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('task');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const complete = (task: Task) => setStatus.mutate({ task, status: 'Done', via: 'check' });

  const renderEmpty = () => (
    <Card>
      {filtered ? (
        <EmptyState
          icon={<SearchX aria-hidden="true" className="size-6" />}
          message={taskMessages.noMatch}
          action={
            <Button variant="secondary" onClick={clearFilters}>
              Clear filters
            </Button>
          }
        />
      ) : (
        <EmptyState
          icon={<ListTodo aria-hidden="true" className="size-6" />}
          message={taskMessages.empty}
          action={
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" className="size-4" />
              {taskMessages.create}
            </Button>
          }
        />
      )}
    </Card>
  );

  let content;
  if (view === 'list') {
    content = (
      <TaskList
        key={filterQuery(filters).toString()}
        filters={filters}
        now={now}
        onOpen={openTask}
        onComplete={complete}
        renderEmpty={renderEmpty}
      />
    );
  } else if (board.isPending) {
    content = (
      <Card className="flex justify-center py-16">
        <Spinner label="Loading tasks" className="size-6 text-indigo-500" />
      </Card>
    );
  } else if (!board.data) {
    content = (
      <Card>
        <EmptyState
          message={taskMessages.loadFailed}
          action={
            <Button variant="secondary" onClick={() => board.refetch()}>
              Retry
            </Button>
          }
        />
      </Card>
    );
  } else if (board.data.columns.every((column) => column.count.count === 0)) {
    content = renderEmpty();
  } else {
    content = <TaskBoard board={board.data} filters={filters} now={now} onOpen={openTask} onComplete={complete} />;
  }

  return (
    <>
      <PageTitle
        title="Tasks"
        description={view === 'board' ? 'Drag a task to another column to change its status.' : undefined}
        actions={
          <>
            <ViewToggle view={view} onChange={setView} />
            <Button variant="secondary" onClick={() => setCreatingCategory(true)}>
              <Tag aria-hidden="true" className="size-4" />
              {categoryMessages.create}
            </Button>
            <Button variant="secondary" onClick={() => setManaging(true)}>
              <Settings2 aria-hidden="true" className="size-4" />
              Manage categories
            </Button>
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" className="size-4" />
              {taskMessages.create}
            </Button>
          </>
        }
      />
      <FiltersBar filters={filters} setFilters={setFilters} clearFilters={clearFilters} categories={categories.data} />
      {content}
      <TaskModal open={creating} onOpenChange={setCreating} task={null} />
      <TaskDetailsModal taskId={taskId} onClose={closeTask} />
      <CreateCategoryModal open={creatingCategory} onOpenChange={setCreatingCategory} />
      <ManageCategoriesModal
        open={managing}
        onOpenChange={setManaging}
        onDeleted={(id) => {
          if (filters.categoryId === id) setFilters({ categoryId: null }, { replace: true });
        }}
      />
    </>
  );
}
