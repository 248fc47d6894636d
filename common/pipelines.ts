import { z } from 'zod';

/** At most this many pipelines per user: the settings page and the picker show them all, unpaged. */
export const MAX_PIPELINES = 50;
/** At most this many stages per pipeline: each is a 300 px column on the board. */
export const MAX_STAGES = 30;

export const pipelineMessages = {
  empty: 'No pipelines found. Click the Create Pipeline button to add one.',
  // Issue 29: Admins manage pipelines; every member reads them and works deals in them.
  adminOnly: 'Only an Owner or Admin can change pipelines',
  memberEmpty: 'No pipelines yet. An Owner or Admin of the workspace creates them.',
  memberNote: 'Only an Owner or Admin of the workspace can change them.',
  loadFailed: 'Failed to load pipelines',
  created: 'Pipeline created successfully',
  createFailed: 'Failed to create pipeline',
  addStageFailed: 'Failed to add stage',
  removeStageFailed: 'Failed to remove stage',
  reorderFailed: 'Failed to reorder stages',
  defaultUpdated: 'Default pipeline updated',
  defaultFailed: 'Failed to set default pipeline',
  // Beyond the spec (rename, delete, refusals): the spec's own toast style.
  nameRequired: 'Pipeline name is required',
  renamed: 'Pipeline renamed',
  renameFailed: 'Failed to rename pipeline',
  deleted: 'Pipeline deleted',
  deleteFailed: 'Failed to delete pipeline',
  deleteTitle: 'Are you sure you want to delete this pipeline?',
  deleteBody: 'This action cannot be undone.',
  stageRequired: 'Stage name is required',
  stageExists: 'This pipeline already has a stage with that name',
  stageMissing: 'This stage is no longer in the pipeline. Reload the page.',
  stageRenamed: 'Stage renamed',
  stageRenameFailed: 'Failed to rename stage',
  lastStage: 'A pipeline needs at least one stage',
  tooManyStages: `A pipeline can have at most ${MAX_STAGES} stages`,
  tooManyPipelines: `You can have at most ${MAX_PIPELINES} pipelines`,
  reorderMismatch: 'The stages changed in the meantime. Reload the page.',
} as const;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Refusals that say how many deals stand in the way (deals are never deleted or moved implicitly). */
export const pipelineHasDeals = (n: number) =>
  `This pipeline still holds ${plural(n, 'deal')}. Move or delete them first.`;
export const stageHasDeals = (stage: string, n: number) =>
  `The stage "${stage}" still holds ${plural(n, 'deal')}. Move them to another stage first.`;

const pipelineName = z
  .string({ message: pipelineMessages.nameRequired })
  .trim()
  .min(1, pipelineMessages.nameRequired)
  .max(100, 'Name must be at most 100 characters');

export const stageName = z
  .string({ message: pipelineMessages.stageRequired })
  .trim()
  .min(1, pipelineMessages.stageRequired)
  .max(60, 'Stage name must be at most 60 characters');

/** POST /api/pipelines: a new pipeline gets the default stages; `isDefault` makes it the default at once. */
export const pipelineCreateSchema = z.object({ name: pipelineName, isDefault: z.boolean().default(false) });
export type PipelineCreate = z.input<typeof pipelineCreateSchema>;

/** PATCH /api/pipelines/:id */
export const pipelineRenameSchema = z.object({ name: pipelineName });

/** POST /api/pipelines/:id/stages: appended at the end. */
export const stageAddSchema = z.object({ name: stageName });

/** POST /api/pipelines/:id/stages/remove: refused while deals are at that stage. */
export const stageRemoveSchema = z.object({ name: z.string().min(1, pipelineMessages.stageRequired).max(60) });

/** POST /api/pipelines/:id/stages/rename: the stage's deals move with it, in the same transaction. */
export const stageRenameSchema = z.object({ from: z.string().min(1).max(60), to: stageName });

/** PUT /api/pipelines/:id/stages: a new order of the same stages (anything else is a 409). */
export const stageOrderSchema = z.object({
  stages: z.array(z.string().min(1).max(60)).min(1, pipelineMessages.lastStage).max(MAX_STAGES),
});

export const pipelineSchema = z.object({
  id: z.string(),
  name: z.string(),
  stages: z.array(z.string()),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type Pipeline = z.infer<typeof pipelineSchema>;

/** GET /api/pipelines (creation order), and the answer of every change that touches several pipelines. */
export const pipelineListSchema = z.array(pipelineSchema);

/** The pipeline a new deal or the board starts with: the default one, else the first created. */
export function preferredPipeline<P extends { isDefault: boolean }>(pipelines: readonly P[]): P | undefined {
  return pipelines.find((p) => p.isDefault) ?? pipelines[0];
}
