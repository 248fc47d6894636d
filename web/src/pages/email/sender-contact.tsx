import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { UserPlus, UserRound } from 'lucide-react';
import { contactsApi } from '@common/contacts-api';
import { Button } from '../../components/button';
import { call } from '../../lib/api';
import { useCreateContact } from '../contacts/api';
import { contactKeys } from '../contacts/keys';

/** The user's contact with this e-mail, whatever its case, if there is one (the contacts' search finds it). */
const contactByEmailQuery = (email: string) => ({
  queryKey: contactKeys.byEmail(email),
  queryFn: async () => {
    // A search of at most 100 characters still finds the address it begins.
    const page = await call(contactsApi.list, { query: { q: email.slice(0, 100), limit: 20 } });
    return page.items.find((contact) => contact.email?.toLowerCase() === email.toLowerCase()) ?? null;
  },
});

/** The sender as a contact: a link to it, or "Create contact" with the sender's name and e-mail. */
export function SenderContact({ name, email }: { name: string; email: string }) {
  const { data: contact } = useQuery({ ...contactByEmailQuery(email), enabled: email.length > 0 });
  const create = useCreateContact();
  // undefined: not known yet; nothing shown rather than a button that might be wrong.
  if (contact === undefined) return null;
  if (contact) {
    return (
      <Link
        to={`/app/contacts/${encodeURIComponent(contact.id)}`}
        className="mt-1 inline-flex items-center gap-1.5 text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
      >
        <UserRound aria-hidden="true" className="size-4" />
        View contact
      </Link>
    );
  }
  return (
    <Button
      variant="secondary"
      size="sm"
      className="mt-2"
      loading={create.isPending}
      onClick={() => create.mutate({ name: (name.trim() || email).slice(0, 200), email, phone: '', company: '' })}
    >
      <UserPlus aria-hidden="true" className="size-4" />
      Create contact
    </Button>
  );
}
