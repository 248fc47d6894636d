import type { DealWhose } from '@common/whose';

/** The query keys of deals: other areas invalidate or read them through this factory, never by literal. */
export const dealKeys = {
  all: ['deals'] as const,
  /** Every pipeline's board. */
  boards: () => [...dealKeys.all, 'board'] as const,
  /** A pipeline's boards: everyone's deals and the viewer's own. */
  pipelineBoards: (pipelineId: string) => [...dealKeys.boards(), pipelineId] as const,
  board: (pipelineId: string, whose: DealWhose = 'everyone') =>
    [...dealKeys.pipelineBoards(pipelineId), whose] as const,
  /** The columns' later pages ("Load more") of every pipeline. */
  allColumns: () => [...dealKeys.all, 'column'] as const,
  columns: (pipelineId: string) => [...dealKeys.allColumns(), pipelineId] as const,
  column: (pipelineId: string, whose: DealWhose, stage: string, start: string) =>
    [...dealKeys.columns(pipelineId), whose, stage, start] as const,
  one: (id: string) => [...dealKeys.all, 'one', id] as const,
  /** The task form's deal picker. */
  options: (q: string) => [...dealKeys.all, 'options', q] as const,
};
