import type { Contact, ContactListItem } from '@common/contacts';
import { contacts } from '../../db/schema';

/** A contact's values from a form, an import row or a lead; `website` left out keeps the stored one on update. */
export type ContactValues = {
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  website?: string | null | undefined;
};

/** The columns a list row is made of: a page reads no more (each column is parsed, 51 times a page). */
export const contactColumns = {
  id: contacts.id,
  name: contacts.name,
  email: contacts.email,
  phone: contacts.phone,
  company: contacts.company,
  createdAt: contacts.createdAt,
};
export type ContactRow = { [K in keyof typeof contactColumns]: (typeof contacts.$inferSelect)[K] };

/** One contact: the row's columns and those only its own screens show. */
export const contactRecordColumns = { ...contactColumns, website: contacts.website };
export type ContactRecordRow = { [K in keyof typeof contactRecordColumns]: (typeof contacts.$inferSelect)[K] };

export function toContactListItem(row: ContactRow): ContactListItem {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toContact(row: ContactRecordRow): Contact {
  return { ...toContactListItem(row), website: row.website };
}
