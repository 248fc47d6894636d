import type { Project, ProjectBoard as Data } from '@common/projects';
import { Board } from '../../components/board/board';
import { columnPages, projectBoardKind, useMoveProject } from './api';
import { ProjectCard } from './project-card';

interface ProjectBoardProps {
  board: Data;
  onOpen: (project: Project) => void;
  onDelete: (project: Project) => void;
}

/** One column per status, with its count; cards are dragged between statuses. */
export function ProjectBoard({ board, onOpen, onDelete }: ProjectBoardProps) {
  const move = useMoveProject();
  return (
    <Board
      columns={board.columns}
      kind={projectBoardKind}
      pages={columnPages}
      onMove={(project, status) => move.mutate({ card: project, to: status })}
      renderCard={(project, drag) => <ProjectCard project={project} onOpen={onOpen} onDelete={onDelete} {...drag} />}
      renderOverlay={(project) => <ProjectCard project={project} overlay />}
    />
  );
}
