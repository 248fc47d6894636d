import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import {
  MAX_PIPELINES,
  MAX_STAGES,
  pipelineHasDeals,
  pipelineMessages,
  stageHasDeals,
  type Pipeline,
} from '@common/pipelines';
import type { Db, Tx } from '../../db/client';
import { inWorkspaceOf, ownedBy, type Member } from '../../db/member-scope';
import { deals, pipelines } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { moveDealsToStage } from '../deals/service';

const pipelineColumns = {
  id: pipelines.id,
  name: pipelines.name,
  stages: pipelines.stages,
  isDefault: pipelines.isDefault,
  createdAt: pipelines.createdAt,
};
type PipelineRow = { [K in keyof typeof pipelineColumns]: (typeof pipelines.$inferSelect)[K] };

/**
 * Serialises the changes to a workspace's set of pipelines (create, delete, switch the default) until the
 * transaction ends. A row lock would not do: the workspace's first pipeline has no row to lock yet, and two
 * concurrent switches must not both clear before either sets (the one-default index would answer 500).
 */
async function lockWorkspacePipelines(tx: Tx, member: Member): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`pipelines:${member.workspaceId}`}, 0))`);
}

/**
 * The pipelines a member sees: all of their workspace's, whatever their record visibility. A pipeline is the
 * workspace's shared set of stages, not a record someone owns: an "own records" member works their own deals in the
 * workspace's pipelines (the deals are what their visibility filters). The one place to change if pipelines are to
 * follow record visibility (`visibleTo(pipelines, member)`).
 */
export const pipelineVisibleTo = (member: Member) => inWorkspaceOf(pipelines, member);

const visiblePipeline = (member: Member, id: string) => and(eq(pipelines.id, id), pipelineVisibleTo(member));

/** The workspace's pipelines in creation order (at most MAX_PIPELINES, so never paged). */
export async function listPipelines(db: Db | Tx, member: Member): Promise<Pipeline[]> {
  const rows = await db
    .select(pipelineColumns)
    .from(pipelines)
    .where(pipelineVisibleTo(member))
    .orderBy(asc(pipelines.createdAt), asc(pipelines.id));
  return rows.map(toPipeline);
}

/** A new pipeline with the default stages; the workspace's first one, or one asked to be, becomes the default. */
export function createPipeline(db: Db, member: Member, input: { name: string; isDefault: boolean }): Promise<Pipeline> {
  return db.transaction(async (tx) => {
    await lockWorkspacePipelines(tx, member);
    // The limit and the one default are the workspace's, whoever sees which pipeline.
    const [existing] = await tx
      .select({ n: count(), hasDefault: sql<boolean>`coalesce(bool_or(${pipelines.isDefault}), false)` })
      .from(pipelines)
      .where(inWorkspaceOf(pipelines, member));
    if ((existing?.n ?? 0) >= MAX_PIPELINES) throw new AppError(400, pipelineMessages.tooManyPipelines);
    const hasDefault = Boolean(existing?.hasDefault);
    if (input.isDefault && hasDefault) {
      await tx
        .update(pipelines)
        .set({ isDefault: false })
        .where(and(inWorkspaceOf(pipelines, member), eq(pipelines.isDefault, true)));
    }
    const [row] = await tx
      .insert(pipelines)
      .values({ ...ownedBy(member), name: input.name, isDefault: input.isDefault || !hasDefault })
      .returning(pipelineColumns);
    return toPipeline(row!);
  });
}

export async function renamePipeline(db: Db, member: Member, id: string, name: string): Promise<Pipeline> {
  const [row] = await db.update(pipelines).set({ name }).where(visiblePipeline(member, id)).returning(pipelineColumns);
  if (!row) throw notFound();
  return toPipeline(row);
}

/** Refused while the pipeline holds deals; deleting the default makes the oldest remaining one the default. */
export function deletePipeline(db: Db, member: Member, id: string): Promise<void> {
  return db.transaction(async (tx) => {
    await lockWorkspacePipelines(tx, member);
    // FOR UPDATE waits for a deal being written into it (which holds the row FOR SHARE) and keeps new ones out.
    const [pipeline] = await tx
      .select({ isDefault: pipelines.isDefault })
      .from(pipelines)
      .where(visiblePipeline(member, id))
      .for('update');
    if (!pipeline) throw notFound();
    const held = await countDeals(tx, member, id);
    if (held > 0) throw new AppError(409, pipelineHasDeals(held));
    await tx.delete(pipelines).where(eq(pipelines.id, id));
    if (!pipeline.isDefault) return;
    const [oldest] = await tx
      .select({ id: pipelines.id })
      .from(pipelines)
      .where(inWorkspaceOf(pipelines, member))
      .orderBy(asc(pipelines.createdAt), asc(pipelines.id))
      .limit(1);
    if (oldest) await tx.update(pipelines).set({ isDefault: true }).where(eq(pipelines.id, oldest.id));
  });
}

/** Makes one pipeline the default: the old one is cleared first, all under the workspace's lock; answers all of them. */
export function setDefaultPipeline(db: Db, member: Member, id: string): Promise<Pipeline[]> {
  return db.transaction(async (tx) => {
    await lockWorkspacePipelines(tx, member);
    const [target] = await tx.select({ id: pipelines.id }).from(pipelines).where(visiblePipeline(member, id));
    if (!target) throw notFound();
    await tx
      .update(pipelines)
      .set({ isDefault: false })
      .where(and(inWorkspaceOf(pipelines, member), eq(pipelines.isDefault, true), ne(pipelines.id, id)));
    await tx.update(pipelines).set({ isDefault: true }).where(eq(pipelines.id, id));
    return listPipelines(tx, member);
  });
}

export function addStage(db: Db, member: Member, id: string, name: string): Promise<Pipeline> {
  return editStages(db, member, id, async (stages) => {
    if (hasStageNamed(stages, name)) throw new AppError(409, pipelineMessages.stageExists);
    if (stages.length >= MAX_STAGES) throw new AppError(400, pipelineMessages.tooManyStages);
    return [...stages, name];
  });
}

/** Refused while deals of this pipeline are at the stage: they are never moved or deleted implicitly. */
export function removeStage(db: Db, member: Member, id: string, name: string): Promise<Pipeline> {
  return editStages(db, member, id, async (stages, tx) => {
    if (!stages.includes(name)) throw new AppError(409, pipelineMessages.stageMissing);
    if (stages.length === 1) throw new AppError(400, pipelineMessages.lastStage);
    const held = await countDeals(tx, member, id, name);
    if (held > 0) throw new AppError(409, stageHasDeals(name, held));
    return stages.filter((stage) => stage !== name);
  });
}

/** The stage's deals, whoever owns them, move to the new name in the same transaction. */
export function renameStage(db: Db, member: Member, id: string, from: string, to: string): Promise<Pipeline> {
  return editStages(db, member, id, async (stages, tx) => {
    if (!stages.includes(from)) throw new AppError(409, pipelineMessages.stageMissing);
    if (from === to) return stages;
    if (
      hasStageNamed(
        stages.filter((stage) => stage !== from),
        to,
      )
    )
      throw new AppError(409, pipelineMessages.stageExists);
    await moveDealsToStage(tx, member, id, from, to);
    return stages.map((stage) => (stage === from ? to : stage));
  });
}

/** Only a new order of the very stages stored is accepted: anything else means the page is stale. */
export function reorderStages(db: Db, member: Member, id: string, order: string[]): Promise<Pipeline> {
  return editStages(db, member, id, async (stages) => {
    const same = order.length === stages.length && [...order].sort().join('\n') === [...stages].sort().join('\n');
    if (!same || new Set(order).size !== order.length) throw new AppError(409, pipelineMessages.reorderMismatch);
    return order;
  });
}

/** Two names are the same stage whatever their case ("lead" next to "Lead" would be two columns nobody tells apart). */
const hasStageNamed = (stages: string[], name: string) =>
  stages.some((stage) => stage.toLowerCase() === name.toLowerCase());

/** Reads the stages under a row lock, so concurrent edits apply one after the other instead of losing each other. */
function editStages(
  db: Db,
  member: Member,
  id: string,
  edit: (stages: string[], tx: Tx) => Promise<string[]>,
): Promise<Pipeline> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select(pipelineColumns).from(pipelines).where(visiblePipeline(member, id)).for('update');
    if (!row) throw notFound();
    const stages = await edit(row.stages, tx);
    if (stages === row.stages) return toPipeline(row);
    const [updated] = await tx.update(pipelines).set({ stages }).where(eq(pipelines.id, id)).returning(pipelineColumns);
    return toPipeline(updated!);
  });
}

/** The pipeline's deals (at the stage), whoever owns them: a pipeline or stage is refused while any deal is in it. */
async function countDeals(tx: Tx, member: Member, pipelineId: string, stage?: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(deals)
    .where(
      and(
        inWorkspaceOf(deals, member),
        eq(deals.pipelineId, pipelineId),
        stage === undefined ? undefined : eq(deals.stage, stage),
      ),
    );
  return row?.n ?? 0;
}

function toPipeline(row: PipelineRow): Pipeline {
  return {
    id: row.id,
    name: row.name,
    stages: row.stages,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}
