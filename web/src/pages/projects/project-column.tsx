import { useId, useState, type KeyboardEventHandler, type PointerEventHandler } from 'react';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Project, ProjectBoardColumn } from '@common/projects';
import { Button } from '../../components/button';
import { cn } from '../../lib/cn';
import { formatCount } from '../../lib/format';
import { columnMoreKey, fetchColumnPage } from './api';
import { ProjectCard } from './project-card';

interface ProjectColumnProps {
  column: ProjectBoardColumn;
  activeId: string | null;
  onOpen: (project: Project) => void;
  onDelete: (project: Project) => void;
}

/** One status: a drop target labelled by its name, its count, its first page and "Load more". */
export function ProjectColumn({ column, activeId, onOpen, onDelete }: ProjectColumnProps) {
  const headingId = useId();
  const { setNodeRef, isOver } = useDroppable({ id: column.status });
  const [wantsMore, setWantsMore] = useState(false);
  const start = column.nextCursor;
  const more = useInfiniteQuery({
    queryKey: columnMoreKey(column.status, start ?? ''),
    queryFn: ({ pageParam }) => fetchColumnPage(column.status, pageParam),
    initialPageParam: start ?? '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: wantsMore && start !== null,
  });

  // A card dragged in lands among the first page too, and may come again in a later one: shown once.
  const seen = new Set<string>();
  const projects: Project[] = [];
  for (const project of [...column.items, ...(wantsMore ? (more.data?.pages.flatMap((p) => p.items) ?? []) : [])]) {
    if (seen.has(project.id) || project.status !== column.status) continue;
    seen.add(project.id);
    projects.push(project);
  }
  const hasMore = start !== null && (!wantsMore || more.hasNextPage);
  const loadMore = () => {
    if (!wantsMore) setWantsMore(true);
    else void more.fetchNextPage();
  };
  const single = column.count.count === 1 && !column.count.hasMore;

  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      className={cn(
        'flex max-h-[calc(100dvh-12rem)] min-h-48 w-[300px] shrink-0 flex-col rounded-xl border border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/50',
        isOver &&
          'border-indigo-400 bg-indigo-50/60 ring-2 ring-indigo-400 dark:border-indigo-500 dark:bg-indigo-500/10',
      )}
    >
      <header className="flex items-center gap-2 border-b border-slate-200 px-3 py-2.5 dark:border-slate-800">
        <h2 id={headingId} className="min-w-0 truncate text-sm font-semibold text-slate-900 dark:text-white">
          {column.status}
        </h2>
        <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700 tabular-nums dark:bg-slate-800 dark:text-slate-300">
          {formatCount(column.count)}
          <span className="sr-only"> {single ? 'project' : 'projects'}</span>
        </span>
      </header>
      <ul className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto p-2">
        {projects.map((project) => (
          <DraggableProject
            key={project.id}
            project={project}
            dragging={project.id === activeId}
            onOpen={onOpen}
            onDelete={onDelete}
          />
        ))}
      </ul>
      {hasMore && (
        <div className="px-2 pb-2">
          <Button variant="ghost" size="sm" className="w-full" loading={more.isFetching} onClick={loadMore}>
            Load more
            <span className="sr-only"> in {column.status}</span>
          </Button>
        </div>
      )}
    </section>
  );
}

function DraggableProject({
  project,
  dragging,
  onOpen,
  onDelete,
}: {
  project: Project;
  dragging: boolean;
  onOpen: (project: Project) => void;
  onDelete: (project: Project) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef } = useDraggable({
    id: project.id,
    data: { project },
  });
  return (
    <ProjectCard
      ref={setNodeRef}
      project={project}
      dragging={dragging}
      onOpen={onOpen}
      onDelete={onDelete}
      // The whole card follows the pointer; the keyboard picks it up by its handle only.
      onPointerDown={listeners?.onPointerDown as PointerEventHandler | undefined}
      handleProps={{
        ...attributes,
        onKeyDown: listeners?.onKeyDown as KeyboardEventHandler | undefined,
        ref: setActivatorNodeRef,
      }}
    />
  );
}
