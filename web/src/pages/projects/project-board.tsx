import type { Project, ProjectBoard as Data } from '@common/projects';
import { Board } from '../../components/board/board';
import { columnMoreKey, fetchColumnPage, projectBoardKeys, useMoveProject } from './api';
import { ProjectCard } from './project-card';

interface ProjectBoardProps {
  board: Data;
  onOpen: (project: Project) => void;
  onDelete: (project: Project) => void;
}

const pages = { key: columnMoreKey, fetch: fetchColumnPage };

/** One column per status, with its count; cards are dragged between statuses. */
export function ProjectBoard({ board, onOpen, onDelete }: ProjectBoardProps) {
  const move = useMoveProject();
  return (
    <Board
      noun="project"
      columnNoun="status"
      columns={board.columns}
      keys={projectBoardKeys}
      pages={pages}
      onMove={(project, status) => move.mutate({ card: project, to: status })}
      renderCard={(project, drag) => <ProjectCard project={project} onOpen={onOpen} onDelete={onDelete} {...drag} />}
      renderOverlay={(project) => <ProjectCard project={project} overlay />}
    />
  );
}
