import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { dealMessages, type Deal, type DealDetail, type dealInputSchema } from '@common/deals';
import type { DealWhose } from '@common/whose';
import type { Db, Tx } from '../../db/client';
import { beforeKey, keysetPage } from '../../db/keyset';
import { inWorkspaceOf, ownedBy, visibleSql, visibleTo, type Member } from '../../db/member-scope';
import { contacts, deals, pipelines } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { AppError, notFound } from '../../errors';
import type { CursorKey, KeysetPage } from '../../http/cursor';
import { pipelineVisibleTo } from '../pipelines/service';
import { dealsSeenBy } from './board';
import { emitEvent } from '../webhooks/emit';
import { notePublishChanges } from '../calendar/caldav/publish-note';
import { chosenOwner } from '../workspaces/assignee';
import { dealJoins, dealKey, dealSelect, toDeal, toDealDetail, type DealDetailRow, type DealRow } from './read';
import { wonAtFor } from './won-at';

export type DealValues = z.output<typeof dealInputSchema>;

/** One deal with its details (the notes the board leaves out). */
export async function getDeal(db: Db | Tx, member: Member, id: string): Promise<DealDetail> {
  const [row] = await selectRows<DealDetailRow>(
    db,
    sql`select ${dealSelect}, d.notes from deals d ${dealJoins}
      where d.id = ${id} and ${visibleSql(member, { alias: 'd' })}`,
  );
  if (!row) throw notFound();
  return toDealDetail(row);
}

export interface ColumnQuery {
  pipelineId: string;
  stage: string;
  limit: number;
  before: CursorKey | null;
}

/**
 * A page of one board column, newest first, before a position; deals_workspace_pipeline_stage_created_idx answers it.
 * Another workspace's pipeline has no deals of this member: an empty page. With `whose` "mine", only their own.
 */
export async function listColumn(
  db: Db,
  member: Member,
  query: ColumnQuery,
  whose?: DealWhose,
): Promise<KeysetPage<Deal>> {
  const rows = await selectRows<DealRow>(db, columnSql(dealsSeenBy(member, whose), query));
  // Rows prove the pipeline is the workspace's; an empty page must not hide whether another workspace's exists.
  if (rows.length === 0) await visiblePipelineOrNotFound(db, member, query.pipelineId);
  return keysetPage(rows, query.limit, dealKey, toDeal);
}

async function visiblePipelineOrNotFound(db: Db, member: Member, pipelineId: string) {
  const [pipeline] = await db
    .select({ id: pipelines.id })
    .from(pipelines)
    .where(and(eq(pipelines.id, pipelineId), pipelineVisibleTo(member)));
  if (!pipeline) throw notFound();
}

/** The column page's SQL (exported for the test of its plan). */
export function columnSql(member: Member, { pipelineId, stage, limit, before }: ColumnQuery): SQL {
  return sql`select ${dealSelect}
    from (
      select * from deals
      where ${visibleSql(member)} and pipeline_id = ${pipelineId} and stage = ${stage}
        ${before ? sql`and ${beforeKey(sql`created_at`, sql`id`, before)}` : sql``}
      order by created_at desc, id desc
      limit ${limit + 1}
    ) d
    ${dealJoins}
    order by d.created_at desc, d.id desc`;
}

/** A new deal of the workspace, its creator's unless another member is chosen as its owner. */
export function createDeal(db: Db, member: Member, input: DealValues): Promise<DealDetail> {
  return db.transaction(async (tx) => {
    await checkReferences(tx, member, input);
    const userId = await chosenOwner(tx, member.workspaceId, input.ownerId, member.userId, dealMessages.ownerNotMember);
    const [row] = await tx
      .insert(deals)
      .values({ ...toColumns(input), ...ownedBy(member), userId, wonAt: wonAtFor(input.stage, { isNew: true }) })
      .returning({ id: deals.id });
    const deal = await getDeal(tx, member, row!.id);
    await emitEvent(tx, member, 'deal.created', deal);
    return deal;
  });
}

/**
 * By any member who sees it. A new owner must be a member of the workspace; the board's totals and the dashboard
 * follow the owner by their triggers. Handed to another, it may be one the member no longer sees ("own records"):
 * the answer still shows it.
 */
export function updateDeal(db: Db, member: Member, id: string, input: DealValues): Promise<DealDetail> {
  return db.transaction(async (tx) => {
    // No lock here: the pipeline is locked first (in checkReferences), then the deal by the update, the order
    // a stage rename takes them in, so the two never deadlock.
    const [visible] = await tx
      .select({ userId: deals.userId, stage: deals.stage })
      .from(deals)
      .where(and(eq(deals.id, id), visibleTo(deals, member)));
    if (!visible) throw notFound();
    await checkReferences(tx, member, input);
    const userId = await chosenOwner(
      tx,
      member.workspaceId,
      input.ownerId,
      visible.userId,
      dealMessages.ownerNotMember,
    );
    await tx
      .update(deals)
      .set({ ...toColumns(input), userId, wonAt: wonAtFor(input.stage) })
      .where(and(eq(deals.id, id), inWorkspaceOf(deals, member)));
    const deal = await getDeal(tx, userId === member.userId ? member : { ...member, ownOnly: false }, id);
    await emitStageChange(tx, member, visible.stage, deal);
    return deal;
  });
}

/** The drag on the board: the stage must be one of the deal's pipeline. */
export function moveDeal(db: Db, member: Member, id: string, stage: string): Promise<DealDetail> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ stages: pipelines.stages, stage: deals.stage })
      .from(deals)
      .innerJoin(pipelines, eq(pipelines.id, deals.pipelineId))
      .where(and(eq(deals.id, id), visibleTo(deals, member)))
      .for('share', { of: pipelines });
    if (!row) throw notFound();
    if (!row.stages.includes(stage))
      throw new AppError(400, dealMessages.stageNotInPipeline, { stage: dealMessages.stageNotInPipeline });
    await tx
      .update(deals)
      .set({ stage, wonAt: wonAtFor(stage) })
      .where(eq(deals.id, id));
    const deal = await getDeal(tx, member, id);
    await emitStageChange(tx, member, row.stage, deal);
    return deal;
  });
}

/** Its activities go with it (ON DELETE CASCADE). */
export async function deleteDeal(db: Db, member: Member, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    // The deal as it was, for its event when the workspace may have an endpoint; the delete then finds it or not.
    const deal = member.webhooks === false ? null : await getDeal(tx, member, id);
    // Its activities go with it: their published events are noted while they can still be found.
    await notePublishChanges(tx, 'activity', sql`select id from deal_activities where deal_id = ${id}`);
    const rows = await tx
      .delete(deals)
      .where(and(eq(deals.id, id), visibleTo(deals, member)))
      .returning({ id: deals.id });
    if (!rows.length) throw notFound();
    if (deal) await emitEvent(tx, member, 'deal.deleted', deal);
  });
}

/** A deal's stage events: `deal.stage_changed` when it moved, and `deal.won` or `deal.lost` when it moved there. */
async function emitStageChange(tx: Tx, member: Member, from: string, deal: DealDetail): Promise<void> {
  if (deal.stage === from) return;
  await emitEvent(tx, member, 'deal.stage_changed', { ...deal, previousStage: from });
  if (deal.stage === 'Won') await emitEvent(tx, member, 'deal.won', deal);
  if (deal.stage === 'Lost') await emitEvent(tx, member, 'deal.lost', deal);
}

/**
 * The pipeline and contact must be ones the member sees, the stage one of that pipeline's: a 400 naming each field.
 * The pipeline row is held FOR SHARE to the end of the transaction, so a concurrent stage removal or
 * pipeline delete waits for this deal (and then counts it) instead of leaving it at a stage that is gone.
 */
async function checkReferences(tx: Tx, member: Member, input: DealValues): Promise<void> {
  const fields: Record<string, string> = {};
  const [pipeline] = await tx
    .select({ stages: pipelines.stages })
    .from(pipelines)
    .where(and(eq(pipelines.id, input.pipelineId), pipelineVisibleTo(member)))
    .for('share');
  if (!pipeline) fields.pipelineId = 'Pipeline not found';
  else if (!pipeline.stages.includes(input.stage)) fields.stage = dealMessages.stageNotInPipeline;
  if (input.contactId) {
    const [contact] = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.id, input.contactId), visibleTo(contacts, member)))
      .for('key share');
    if (!contact) fields.contactId = 'Contact not found';
  }
  const first = Object.values(fields)[0];
  if (first) throw new AppError(400, first, fields);
}

function toColumns(input: DealValues) {
  return {
    name: input.name,
    pipelineId: input.pipelineId,
    stage: input.stage,
    value: input.value === null ? null : input.value.toFixed(2),
    currency: input.currency,
    expectedCloseDate: input.expectedCloseDate,
    contactId: input.contactId,
    // Left out (undefined), the update keeps the stored notes.
    notes: input.notes,
  };
}

/**
 * A stage renamed in its pipeline: its deals, whoever owns them, move to the new name, inside the pipeline's own
 * transaction.
 */
export async function moveDealsToStage(
  tx: Tx,
  member: Member,
  pipelineId: string,
  from: string,
  to: string,
): Promise<void> {
  await tx
    .update(deals)
    .set({ stage: to, wonAt: wonAtFor(to) })
    .where(and(inWorkspaceOf(deals, member), eq(deals.pipelineId, pipelineId), eq(deals.stage, from)));
}
