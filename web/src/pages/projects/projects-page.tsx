import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Columns3, LayoutGrid, Plus } from 'lucide-react';
import { projectMessages, type Project } from '@common/projects';
import { Button } from '../../components/button';
import { PageTitle } from '../../components/page-title';
import { useAuthStore } from '../../lib/auth-store';
import { Card } from '../../components/card';
import { Pagination } from '../../components/pagination';
import { ViewToggle, type ViewOption } from '../../components/view-toggle';
import { useCursorPages } from '../../lib/paging';
import { useParamOnce } from '../../lib/use-param-once';
import { PROJECTS_PAGE_SIZE, projectBoardQuery, projectQuery, projectsPageQuery, useDeleteProject } from './api';
import { ProjectBoard } from './project-board';
import { ProjectGrid } from './project-grid';
import { ProjectModal } from './project-modal';
import { EmptyProjects, LoadFailed, Loading } from './states';
import { useProjectsView, type ProjectsView } from './use-projects-view';

/** The modal keeps its project while it closes, so its title does not flip during the animation. */
interface Editing {
  open: boolean;
  project: Project | null;
}

/** Projects as a board by status (dragged between columns) or as a grid, newest first. */
export function ProjectsPage() {
  const userId = useAuthStore((state) => state.user?.id ?? '');
  const [view, setView] = useProjectsView(userId);
  const [editing, setEditing] = useState<Editing>({ open: false, project: null });
  const remove = useDeleteProject();
  useOpenLinkedProject((project) => setEditing({ open: true, project }));

  const open = (project: Project) => setEditing({ open: true, project });
  const create = () => setEditing({ open: true, project: null });
  // Part 2 §2: a browser confirmation, not a modal.
  const confirmDelete = (project: Project) => {
    if (!window.confirm(projectMessages.deleteConfirm)) return;
    remove.mutate(project.id, {
      onSuccess: () =>
        setEditing((current) => (current.project?.id === project.id ? { ...current, open: false } : current)),
    });
  };

  return (
    <>
      <PageTitle
        title="Projects"
        actions={
          <>
            <ViewToggle options={views} value={view} onChange={setView} />
            <Button onClick={create}>
              <Plus aria-hidden="true" className="size-4" />
              {projectMessages.create}
            </Button>
          </>
        }
      />
      {view === 'board' ? (
        <BoardView onOpen={open} onDelete={confirmDelete} onCreate={create} />
      ) : (
        <GridView onOpen={open} onDelete={confirmDelete} onCreate={create} />
      )}
      <ProjectModal
        open={editing.open}
        onOpenChange={(next) => setEditing((current) => ({ ...current, open: next }))}
        project={editing.project}
        onDelete={confirmDelete}
        deleting={remove.isPending}
      />
    </>
  );
}

/** ?project=<id> (a search hit) opens that project's modal once it has loaded. */
function useOpenLinkedProject(onOpen: (project: Project) => void) {
  const [linkedId, setLinkedId] = useState<string | null>(null);
  useParamOnce('project', setLinkedId);
  const linked = useQuery({ ...projectQuery(linkedId ?? ''), enabled: linkedId !== null });
  if (linkedId !== null && linked.data) {
    setLinkedId(null);
    onOpen(linked.data);
  }
  const failed = linkedId !== null && linked.isError;
  // Another user's or a deleted one: a toast, and the page as it was.
  useEffect(() => {
    if (failed) toast.error(projectMessages.loadFailed, { id: 'project-load' });
  }, [failed]);
}

interface ViewProps {
  onOpen: (project: Project) => void;
  onDelete: (project: Project) => void;
  onCreate: () => void;
}

/** One toast per failure, whichever view failed. */
function useLoadFailedToast(isError: boolean) {
  useEffect(() => {
    if (isError) toast.error(projectMessages.loadFailed, { id: 'projects-load' });
  }, [isError]);
}

function BoardView({ onOpen, onDelete, onCreate }: ViewProps) {
  const { data, isPending, isError, refetch } = useQuery(projectBoardQuery());
  useLoadFailedToast(isError);
  if (isPending) return <Loading />;
  if (!data) return <LoadFailed onRetry={() => refetch()} />;
  if (data.columns.every((column) => column.count.count === 0)) return <EmptyProjects onCreate={onCreate} />;
  return <ProjectBoard board={data} onOpen={onOpen} onDelete={onDelete} />;
}

/** Every project, newest first, a page at a time. */
function GridView({ onOpen, onDelete, onCreate }: ViewProps) {
  const pages = useCursorPages();
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery({
    ...projectsPageQuery(pages.cursor),
    placeholderData: keepPreviousData,
  });
  useLoadFailedToast(isError);

  // Deleting the last project of a later page would leave an empty page: step back.
  const { pageIndex, previous } = pages;
  useEffect(() => {
    if (data && data.items.length === 0 && pageIndex > 0) previous();
  }, [data, pageIndex, previous]);

  if (isPending) return <Loading />;
  if (!data) return <LoadFailed onRetry={() => refetch()} />;
  if (data.items.length === 0) return <EmptyProjects onCreate={onCreate} />;
  const paged = pageIndex > 0 || data.nextCursor !== null;
  return (
    <ProjectGrid
      projects={data.items}
      onOpen={onOpen}
      onDelete={onDelete}
      pagination={
        paged && (
          <Card className="mt-4 overflow-hidden">
            <Pagination
              pageIndex={pageIndex}
              pageSize={PROJECTS_PAGE_SIZE}
              shown={data.items.length}
              hasNext={data.nextCursor !== null && !isPlaceholderData}
              onFirst={pages.first}
              onPrevious={previous}
              onNext={() => data.nextCursor && pages.next(data.nextCursor)}
            />
          </Card>
        )
      }
    />
  );
}

const views: Array<ViewOption<ProjectsView>> = [
  { value: 'board', label: 'Board', icon: Columns3 },
  { value: 'grid', label: 'Grid', icon: LayoutGrid },
];
