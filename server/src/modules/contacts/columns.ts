import type { Contact, ContactListItem } from '@common/contacts';
import { isoTimestamp } from '../../db/iso-timestamp';
import { contacts } from '../../db/schema';
import { personNameOf } from '../workspaces/person-name';

/** A contact's values from a form, an import row or a lead; `website` left out keeps the stored one on update. */
export type ContactValues = {
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  website?: string | null | undefined;
  /** A member of the workspace; left out, the creator (on create) or the current owner (on update). */
  ownerId?: string | undefined;
};

/** The columns a list row is made of: a page reads no more (each column is parsed, 51 times a page). */
export const contactColumns = {
  id: contacts.id,
  name: contacts.name,
  email: contacts.email,
  phone: contacts.phone,
  company: contacts.company,
  createdAt: isoTimestamp(contacts.createdAt),
};
export type ContactRow = Omit<
  { [K in keyof typeof contactColumns]: (typeof contacts.$inferSelect)[K] },
  'createdAt'
> & {
  createdAt: string;
};

/** One contact: the row's columns and those only its own screens show, its owner among them. */
export const contactRecordColumns = {
  ...contactColumns,
  website: contacts.website,
  ownerId: contacts.userId,
  ownerName: personNameOf(contacts.userId),
};
export type ContactRecordRow = ContactRow & { website: string | null; ownerId: string; ownerName: string };

export function toContactListItem(row: ContactRow): ContactListItem {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    createdAt: row.createdAt,
  };
}

export function toContact(row: ContactRecordRow): Contact {
  return { ...toContactListItem(row), website: row.website, ownerId: row.ownerId, ownerName: row.ownerName };
}
