import { CONTACT_WEBSITE_MAX } from '@common/contacts';
import {
  formMessages,
  websiteUrl,
  type FormSettings,
  type MappableDealProperty,
  type SubmittedValue,
} from '@common/forms';
import type { Tx } from '../../../db/client';
import type { Member } from '../../../db/member-scope';
import { saveLead } from '../../deals/lead';

// autoCreateDeal (decisions.md item 13): a submission's mapped fields make a contact (or find one by e-mail) and
// exactly one deal in the default pipeline, for the form's owner in the form's workspace. Posted values only ever
// fill the mapped properties; the owner, workspace, pipeline and every other column are the server's.

/** The deals.value column's bound (numeric(14, 2)). */
const MAX_DEAL_VALUE = 999_999_999_999.99;

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

/**
 * The mapped website as the contact stores it: an http(s) address ("example.com" gets https://), or nothing when
 * the answer is not one (a text field mapped to it) or is too long; the submission keeps the answer as typed.
 */
export function leadWebsite(text: string | undefined): string | undefined {
  const url = text ? websiteUrl(text) : null;
  return url && url.length <= CONTACT_WEBSITE_MAX ? url : undefined;
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
  owner: Member,
  formName: string,
  settings: FormSettings,
  values: Record<string, SubmittedValue>,
): Promise<Lead> {
  const mapped = mappedValues(settings, values);
  const who = mapped.contact_name ?? mapped.contact_email;
  const lead = await saveLead(tx, owner, {
    contact: {
      name: mapped.contact_name,
      email: mapped.contact_email,
      phone: mapped.contact_phone,
      company: mapped.contact_company,
      website: leadWebsite(mapped.contact_website),
    },
    deal: {
      pipelineId: null,
      stages: [mapped.stage, settings.dealStage],
      name: mapped.name ?? (who ? `${formName} – ${who}` : formName),
      value: parseDealValue(mapped.value),
      notes: mapped.notes ?? null,
    },
  });
  return {
    contactId: lead.contactId,
    dealId: lead.dealId,
    dealSkippedReason: lead.pipelineMissing ? formMessages.noDefaultPipeline : null,
  };
}
