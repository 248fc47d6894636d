import type { ReactNode } from 'react';
import type { Project } from '@common/projects';
import { ProjectCard } from './project-card';

interface ProjectGridProps {
  projects: Project[];
  onOpen: (project: Project) => void;
  onDelete: (project: Project) => void;
  /** The page's Pagination, under the cards. */
  pagination?: ReactNode;
}

/** The same cards as the board, in rows of one to four as the screen allows. */
export function ProjectGrid({ projects, onOpen, onDelete, pagination }: ProjectGridProps) {
  return (
    <div>
      <ul aria-label="Projects" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {projects.map((project) => (
          <ProjectCard key={project.id} project={project} onOpen={onOpen} onDelete={onDelete} />
        ))}
      </ul>
      {pagination}
    </div>
  );
}
