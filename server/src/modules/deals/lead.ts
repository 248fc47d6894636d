import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { DEAL_NOTES_MAX } from '@common/deals';
import type { Tx } from '../../db/client';
import { contacts, deals, pipelines } from '../../db/schema';
import { wonAtFor } from './won-at';

// A lead from outside the app (a form submission, a chatbot's Capture Lead): the contact found by its e-mail or
// made, and a deal for it, inside the caller's transaction. One set of rules for every way a lead comes in.

const MAX_DEAL_NAME = 200;

export interface ContactFields {
  name?: string;
  email?: string;
  phone?: string;
  company?: string;
  website?: string;
}

/**
 * The owner's contact with this e-mail (whatever its case), or a new one from the given fields; none when nothing
 * of a contact was given. An existing contact is left as it is (the website too).
 * Two leads with one new e-mail at once make one contact: the second waits for the first's transaction.
 */
export async function findOrCreateContact(tx: Tx, userId: string, fields: ContactFields): Promise<string | null> {
  const { email, phone, company, website } = fields;
  const name = fields.name ?? email ?? company ?? phone;
  if (!name) return null;
  if (email) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`contacts:${userId}:${email.toLowerCase()}`}, 0))`,
    );
    const [existing] = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(
        and(
          eq(contacts.userId, userId),
          isNotNull(contacts.email),
          sql`lower(${contacts.email}) = ${email.toLowerCase()}`,
        ),
      )
      .orderBy(contacts.createdAt, contacts.id)
      .limit(1)
      .for('key share');
    if (existing) return existing.id;
  }
  const [row] = await tx
    .insert(contacts)
    .values({
      userId,
      name,
      email: email ?? null,
      phone: phone ?? null,
      company: company ?? null,
      website: website ?? null,
    })
    .returning({ id: contacts.id });
  return row!.id;
}

export interface LeadDeal {
  /** One of the owner's pipelines; null: their default pipeline. */
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
  /** A deal was asked for, but the pipeline is not the owner's (anymore) or has no stage: no deal was made. */
  pipelineMissing: boolean;
}

/** The lead's contact and, when `deal` is given, its one deal, inside the caller's transaction. */
export async function saveLead(
  tx: Tx,
  userId: string,
  lead: { contact: ContactFields; deal: LeadDeal | null },
): Promise<SavedLead> {
  const contactId = await findOrCreateContact(tx, userId, lead.contact);
  const { deal } = lead;
  if (!deal) return { contactId, dealId: null, pipelineMissing: false };
  // FOR SHARE, as a deal's own create does: a stage removal or pipeline delete waits for this deal.
  const [pipeline] = await tx
    .select({ id: pipelines.id, stages: pipelines.stages })
    .from(pipelines)
    .where(
      and(
        eq(pipelines.userId, userId),
        deal.pipelineId === null ? eq(pipelines.isDefault, true) : eq(pipelines.id, deal.pipelineId),
      ),
    )
    .for('share');
  if (!pipeline || !pipeline.stages.length) return { contactId, dealId: null, pipelineMissing: true };
  const stage = deal.stages.find((s) => s && pipeline.stages.includes(s)) ?? pipeline.stages[0]!;
  const [row] = await tx
    .insert(deals)
    .values({
      userId,
      pipelineId: pipeline.id,
      name: deal.name.slice(0, MAX_DEAL_NAME),
      stage,
      value: deal.value === null ? null : deal.value.toFixed(2),
      contactId,
      notes: deal.notes ? deal.notes.slice(0, DEAL_NOTES_MAX) : null,
      wonAt: wonAtFor(stage, { isNew: true }),
    })
    .returning({ id: deals.id });
  return { contactId, dealId: row!.id, pipelineMissing: false };
}
