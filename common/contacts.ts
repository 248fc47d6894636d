import { z } from 'zod';
import { optionalText, pageOf, pageQuerySchema } from './http';

export const contactMessages = {
  loadFailed: 'Failed to load contacts',
  created: 'Contact created successfully',
  createFailed: 'Failed to create contact',
  updated: 'Contact updated successfully',
  updateFailed: 'Failed to update contact',
  deleted: 'Contact deleted',
  deleteFailed: 'Failed to delete contact',
  nameRequired: 'Name is required',
  empty: 'No contacts found. Click the Create button to add one.',
} as const;

export const contactInputSchema = z.object({
  name: z
    .string({ message: contactMessages.nameRequired })
    .trim()
    .min(1, contactMessages.nameRequired)
    .max(200, 'Name must be at most 200 characters'),
  email: optionalText(254).pipe(z.email('Please enter a valid email address').nullable()),
  phone: optionalText(50),
  company: optionalText(200),
});
export type ContactInput = z.input<typeof contactInputSchema>;

export const contactSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  createdAt: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

export const contactPageSchema = pageOf(contactSchema);

/** GET /api/contacts: a page by name, optionally only contacts whose name, email or company contains `q`. */
export const contactListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
});
export type ContactListQuery = z.input<typeof contactListQuerySchema>;
