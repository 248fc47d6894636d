import { useCallback, useEffect, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Columns3, List, ListTodo, Plus, SearchX, Settings2, Tag } from 'lucide-react';
import { categoryMessages, taskMessages, type Task } from '@common/tasks';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { OverflowMenu } from '../../components/overflow-menu';
import { PageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { ViewToggle, type ViewOption } from '../../components/view-toggle';
import { useAuthStore } from '../../lib/auth-store';
import { useParamOnce } from '../../lib/use-param-once';
import { boardQuery, categoriesQuery, useSetTaskStatus } from './api';
import { CreateCategoryModal, ManageCategoriesModal } from './category-modals';
import { filterKey, hasFilters, useTaskFilters } from './filters';
import { FiltersBar } from './filters-bar';
import { taskKeys } from './keys';
import { TaskBoard } from './task-board';
import { TaskDetailsModal } from './task-details-modal';
import { TaskList } from './task-list';
import { TaskModal } from './task-modal';
import { useTasksView, type TasksView } from './use-tasks-view';

const views: Array<ViewOption<TasksView>> = [
  { value: 'board', label: 'Board', icon: Columns3 },
  { value: 'list', label: 'List', icon: List },
];

/** The tasks of the user (and those assigned to them) as a board or a list, filtered from the address. */
export function TasksPage() {
  const qc = useQueryClient();
  const user = useAuthStore((state) => state.user);
  const [view, setView] = useTasksView(user?.id);
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
    qc.setQueryData(taskKeys.one(task.id), task);
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
  const complete = (task: Task) => setStatus.mutate({ card: task, to: 'Done', via: 'check' });

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
        key={filterKey(filters)}
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
            <ViewToggle options={views} value={view} onChange={setView} />
            {/* On a phone the category actions go into a menu, so the header stays one row. */}
            <div className="hidden gap-2 sm:flex">
              <Button variant="secondary" onClick={() => setCreatingCategory(true)}>
                <Tag aria-hidden="true" className="size-4" />
                {categoryMessages.create}
              </Button>
              <Button variant="secondary" onClick={() => setManaging(true)}>
                <Settings2 aria-hidden="true" className="size-4" />
                Manage categories
              </Button>
            </div>
            <OverflowMenu
              className="sm:hidden"
              actions={[
                { label: categoryMessages.create, icon: Tag, onSelect: () => setCreatingCategory(true) },
                { label: 'Manage categories', icon: Settings2, onSelect: () => setManaging(true) },
              ]}
            />
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
