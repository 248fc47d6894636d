import type { Contact } from '@common/contacts';
import { contacts } from '../../db/schema';

export type ContactValues = { name: string; email: string | null; phone: string | null; company: string | null };

/** The columns a Contact is made of: a page reads no more (each column is parsed, 51 times a page). */
export const contactColumns = {
  id: contacts.id,
  name: contacts.name,
  email: contacts.email,
  phone: contacts.phone,
  company: contacts.company,
  createdAt: contacts.createdAt,
};
export type ContactRow = { [K in keyof typeof contactColumns]: (typeof contacts.$inferSelect)[K] };

export function toContact(row: ContactRow): Contact {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    createdAt: row.createdAt.toISOString(),
  };
}
