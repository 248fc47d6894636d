import { and, eq } from 'drizzle-orm';
import { DEAL_NOTES_MAX } from '@common/deals';
import type { Tx } from '../../db/client';
import { ownedBy, type Member } from '../../db/member-scope';
import { deals, pipelines } from '../../db/schema';
import { findOrCreateContactByEmail, type ContactFields } from '../contacts/find-or-create';
import { pipelineVisibleTo } from '../pipelines/service';
import { emitEvent } from '../webhooks/emit';
import { getDeal } from './service';
import { wonAtFor } from './won-at';

// A lead from outside the app (a form submission, a chatbot's Capture Lead): the contact found by its e-mail or
// made (the contacts area's rule), and a deal for it, inside the caller's transaction, both owned by the member the
// lead comes in for (a public form or chatbot: its owner, in its workspace). One set of rules for every way a lead
// comes in.

const MAX_DEAL_NAME = 200;

export interface LeadDeal {
  /** One of the workspace's pipelines; null: its default pipeline. */
  pipelineId: string | null;
  /** The first of these that is one of the pipeline's stages; else the pipeline's first stage. */
  stages: (string | null | undefined)[];
  /** Cut to the column's length. */
  name: string;
  value: number | null;
  /** Cut to the column's length (a checkbox's joined options can be longer than any one answer). */
  notes: string | null;
}

export interface SavedLead {
  contactId: string | null;
  dealId: string | null;
  /** A deal was asked for, but the pipeline is not the workspace's (anymore) or has no stage: no deal was made. */
  pipelineMissing: boolean;
}

/** The lead's contact and, when `deal` is given, its one deal, inside the caller's transaction. */
export async function saveLead(
  tx: Tx,
  member: Member,
  lead: { contact: ContactFields; deal: LeadDeal | null },
): Promise<SavedLead> {
  const contactId = await findOrCreateContactByEmail(tx, member, lead.contact);
  const { deal } = lead;
  if (!deal) return { contactId, dealId: null, pipelineMissing: false };
  // FOR SHARE, as a deal's own create does: a stage removal or pipeline delete waits for this deal.
  const [pipeline] = await tx
    .select({ id: pipelines.id, stages: pipelines.stages })
    .from(pipelines)
    .where(
      and(
        pipelineVisibleTo(member),
        deal.pipelineId === null ? eq(pipelines.isDefault, true) : eq(pipelines.id, deal.pipelineId),
      ),
    )
    .for('share');
  if (!pipeline || !pipeline.stages.length) return { contactId, dealId: null, pipelineMissing: true };
  const stage = deal.stages.find((s) => s && pipeline.stages.includes(s)) ?? pipeline.stages[0]!;
  const [row] = await tx
    .insert(deals)
    .values({
      ...ownedBy(member),
      pipelineId: pipeline.id,
      name: deal.name.slice(0, MAX_DEAL_NAME),
      stage,
      value: deal.value === null ? null : deal.value.toFixed(2),
      contactId,
      notes: deal.notes ? deal.notes.slice(0, DEAL_NOTES_MAX) : null,
      wonAt: wonAtFor(stage, { isNew: true }),
    })
    .returning({ id: deals.id });
  if (member.webhooks !== false) await emitEvent(tx, member, 'deal.created', await getDeal(tx, member, row!.id));
  return { contactId, dealId: row!.id, pipelineMissing: false };
}
