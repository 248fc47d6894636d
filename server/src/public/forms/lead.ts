import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { CONTACT_WEBSITE_MAX } from '@common/contacts';
import { DEAL_NOTES_MAX } from '@common/deals';
import {
  formMessages,
  websiteUrl,
  type FormSettings,
  type MappableDealProperty,
  type SubmittedValue,
} from '@common/forms';
import type { Tx } from '../../db/client';
import { contacts, deals, pipelines } from '../../db/schema';
import { wonAtFor } from '../../modules/deals/won-at';

// autoCreateDeal (decisions.md item 13): a submission's mapped fields make a contact (or find one by e-mail) and
// exactly one deal in the owner's default pipeline. Posted values only ever fill the mapped properties; the owner,
// pipeline and every other column are the server's.

/** The deals.value column's bound (numeric(14, 2)). */
const MAX_DEAL_VALUE = 999_999_999_999.99;
const MAX_DEAL_NAME = 200;

/**
 * A typed amount as a number: currency signs and codes around it and spaces or apostrophes between its digits go
 * ("$12,500.50", "CHF 1'250"); of "," and "." the last one is the decimal point when both appear, and one that
 * appears once before exactly three digits ("1,000", "1.000") or several times groups thousands. Letters or signs
 * between the digits ("1e9", "5 to 10"), a negative, a too large or an unreadable amount: null (no value).
 */
export function parseDealValue(text: string | undefined): number | null {
  if (!text) return null;
  const digits = text.slice(text.search(/\d/), text.search(/\d\D*$/) + 1);
  if (/[^\d\s.,'’]/.test(digits)) return null;
  const kept = text.replace(/[^\d.,-]/g, '');
  if (!/\d/.test(kept) || kept.includes('-')) return null;
  const lastDot = kept.lastIndexOf('.');
  const lastComma = kept.lastIndexOf(',');
  let normal: string;
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    if (kept.split(decimal).length > 2) return null;
    normal = kept.replaceAll(group, '').replace(decimal, '.');
  } else {
    const separator = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : null;
    if (!separator) normal = kept;
    else {
      const parts = kept.split(separator);
      const isGrouping = parts.length > 2 || parts[1]!.length === 3;
      normal = isGrouping ? parts.join('') : `${parts[0]}.${parts[1]}`;
    }
  }
  if (!/^\d*(\.\d+)?$/.test(normal) || normal === '') return null;
  const value = Math.round(Number(normal) * 100) / 100;
  return Number.isFinite(value) && value >= 0 && value <= MAX_DEAL_VALUE ? value : null;
}

/** The submitted text of each mapped deal property (a checkbox's options joined). */
export function mappedValues(
  settings: FormSettings,
  values: Record<string, SubmittedValue>,
): Partial<Record<MappableDealProperty, string>> {
  const mapped: Partial<Record<MappableDealProperty, string>> = {};
  for (const [property, fieldId] of Object.entries(settings.fieldMapping) as Array<[MappableDealProperty, string]>) {
    const value = fieldId ? values[fieldId] : undefined;
    const text = Array.isArray(value) ? value.join('; ') : value;
    if (text) mapped[property] = text;
  }
  return mapped;
}

interface ContactFields {
  name?: string;
  email?: string;
  phone?: string;
  company?: string;
  website?: string;
}

/**
 * The mapped website as the contact stores it: an http(s) address ("example.com" gets https://), or nothing when
 * the answer is not one (a text field mapped to it) or is too long; the submission keeps the answer as typed.
 */
export function leadWebsite(text: string | undefined): string | undefined {
  const url = text ? websiteUrl(text) : null;
  return url && url.length <= CONTACT_WEBSITE_MAX ? url : undefined;
}

/**
 * The owner's contact with this e-mail (whatever its case), or a new one from the mapped contact fields; none
 * when nothing of a contact was submitted. An existing contact is left as it is (the website too).
 * Two submissions with one new e-mail at once make one contact: the second waits for the first's transaction.
 */
async function findOrCreateContact(tx: Tx, userId: string, fields: ContactFields): Promise<string | null> {
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

export interface Lead {
  contactId: string | null;
  dealId: string | null;
  dealSkippedReason: string | null;
}

/**
 * The contact and the one deal of a submission, inside its transaction. The deal goes to the default pipeline at
 * a mapped stage that is one of its stages, else at `dealStage`, else at its first stage; with no default pipeline
 * there is no deal and the reason is returned for the owner. The mapped notes go to the deal (cut to their
 * column's length: a checkbox's joined options can be longer than any one answer).
 */
export async function createLead(
  tx: Tx,
  userId: string,
  formName: string,
  settings: FormSettings,
  values: Record<string, SubmittedValue>,
): Promise<Lead> {
  const mapped = mappedValues(settings, values);
  const contactId = await findOrCreateContact(tx, userId, {
    name: mapped.contact_name,
    email: mapped.contact_email,
    phone: mapped.contact_phone,
    company: mapped.contact_company,
    website: leadWebsite(mapped.contact_website),
  });
  // FOR SHARE, as a deal's own create does: a stage removal or pipeline delete waits for this deal.
  const [pipeline] = await tx
    .select({ id: pipelines.id, stages: pipelines.stages })
    .from(pipelines)
    .where(and(eq(pipelines.userId, userId), eq(pipelines.isDefault, true)))
    .for('share');
  if (!pipeline || !pipeline.stages.length) {
    return { contactId, dealId: null, dealSkippedReason: formMessages.noDefaultPipeline };
  }
  const stage = [mapped.stage, settings.dealStage].find((s) => s && pipeline.stages.includes(s)) ?? pipeline.stages[0]!;
  const who = mapped.contact_name ?? mapped.contact_email;
  const name = (mapped.name ?? (who ? `${formName} – ${who}` : formName)).slice(0, MAX_DEAL_NAME);
  const value = parseDealValue(mapped.value);
  const [deal] = await tx
    .insert(deals)
    .values({
      userId,
      pipelineId: pipeline.id,
      name,
      stage,
      value: value === null ? null : value.toFixed(2),
      contactId,
      notes: mapped.notes ? mapped.notes.slice(0, DEAL_NOTES_MAX) : null,
      wonAt: wonAtFor(stage, { isNew: true }),
    })
    .returning({ id: deals.id });
  return { contactId, dealId: deal!.id, dealSkippedReason: null };
}
