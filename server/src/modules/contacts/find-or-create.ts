import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { ownedBy, visibleTo, type Member } from '../../db/member-scope';
import { contacts } from '../../db/schema';
import { emitEvent } from '../webhooks/emit';
import { contactRecordColumns, toContact } from './columns';

// A contact for a lead from outside the app (a form submission, a chatbot's Capture Lead), found by its e-mail or
// made, inside the caller's transaction: the contacts area's own rule, which the lead code of deals calls.

export interface ContactFields {
  name?: string;
  email?: string;
  phone?: string;
  company?: string;
  website?: string;
}

/**
 * The member's contact with this e-mail (whatever its case, among those they see), or a new one from the given fields; none when nothing
 * of a contact was given. An existing contact is left as it is (the website too).
 * Two leads with one new e-mail at once make one contact: the second waits for the first's transaction.
 */
export async function findOrCreateContactByEmail(
  tx: Tx,
  member: Member,
  fields: ContactFields,
): Promise<string | null> {
  const { email, phone, company, website } = fields;
  const name = fields.name ?? email ?? company ?? phone;
  if (!name) return null;
  if (email) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`contacts:${member.workspaceId}:${email.toLowerCase()}`}, 0))`,
    );
    const [existing] = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(
        // Answered by contacts_workspace_email_key_idx.
        and(visibleTo(contacts, member), eq(contacts.emailKey, email.toLowerCase())),
      )
      .orderBy(contacts.createdAt, contacts.id)
      .limit(1)
      .for('key share');
    if (existing) return existing.id;
  }
  const [row] = await tx
    .insert(contacts)
    .values({
      ...ownedBy(member),
      name,
      email: email ?? null,
      phone: phone ?? null,
      company: company ?? null,
      website: website ?? null,
    })
    .returning(contactRecordColumns);
  await emitEvent(tx, member, 'contact.created', toContact(row!));
  return row!.id;
}
