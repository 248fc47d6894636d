import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { contactInputSchema, contactMessages, type Contact, type ContactListItem } from '@common/contacts';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { Field } from '../../components/field';
import { FormModal } from '../../components/form-modal';
import { Spinner } from '../../components/spinner';
import { useAuthStore } from '../../lib/auth-store';
import { showFieldErrors } from '../../lib/field-errors';
import { useZodForm } from '../../lib/zod-form';
import { OwnerSelect, personOf } from '../team/people-select';
import { contactQuery, useCreateContact, useUpdateContact } from './api';

type FormValues = z.input<typeof contactInputSchema>;
const fieldNames: (keyof FormValues)[] = ['name', 'email', 'phone', 'company', 'website', 'ownerId'];

interface ContactFormModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The contact to edit (a row of the list is read whole first: the list leaves the website out); none to create one. */
  contact?: Contact | ContactListItem | null;
}

const isWhole = (contact: Contact | ContactListItem): contact is Contact => 'website' in contact;

/** A new contact is the viewer's (`selfId`) until another owner is chosen. */
const toValues = (contact: Contact | null, selfId: string): FormValues => ({
  name: contact?.name ?? '',
  email: contact?.email ?? '',
  phone: contact?.phone ?? '',
  company: contact?.company ?? '',
  website: contact?.website ?? '',
  ownerId: contact?.ownerId ?? selfId,
});

export function ContactFormModal({ open, onOpenChange, contact }: ContactFormModalProps) {
  const isEdit = Boolean(contact);
  const listed = contact && !isWhole(contact) ? contact : null;
  const loaded = useQuery({ ...contactQuery(listed?.id ?? ''), enabled: open && listed !== null });
  const whole = contact && isWhole(contact) ? contact : (loaded.data ?? null);
  const isLoading = listed !== null && !loaded.data;
  const create = useCreateContact();
  const update = useUpdateContact();
  const pending = create.isPending || update.isPending;
  const self = useAuthStore((state) => state.user);
  const selfId = self?.id ?? '';
  const { field, handleSubmit, reset, setError } = useZodForm(contactInputSchema, toValues(whole, selfId));

  useEffect(() => {
    if (open) reset(toValues(whole, selfId));
  }, [open, whole, selfId, reset]);

  const showServerFields = (error: Error) => showFieldErrors(error, fieldNames, setError);
  const close = () => onOpenChange(false);

  const onSubmit = handleSubmit((input) => {
    if (contact) update.mutate({ id: contact.id, input }, { onSuccess: close, onError: showServerFields });
    else create.mutate(input, { onSuccess: close, onError: showServerFields });
  });

  return (
    <FormModal
      open={open}
      onOpenChange={onOpenChange}
      title={isEdit ? 'Edit Contact' : 'Create New Contact'}
      pending={pending}
      submitLabel={isEdit ? 'Save' : 'Create'}
      submitDisabled={isLoading}
      onSubmit={onSubmit}
      formClassName="space-y-4"
      placeholder={
        isLoading &&
        (loaded.isError ? (
          <EmptyState
            message={contactMessages.detailLoadFailed}
            action={
              <Button variant="secondary" onClick={() => loaded.refetch()}>
                Retry
              </Button>
            }
          />
        ) : (
          <div className="flex justify-center py-10">
            <Spinner label="Loading contact" className="size-6 text-indigo-500" />
          </div>
        ))
      }
    >
      <Field label="Name" autoComplete="off" {...field('name')} />
      <Field label="Email" type="email" autoComplete="off" {...field('email')} />
      <Field label="Phone" type="tel" autoComplete="off" {...field('phone')} />
      <Field label="Company" autoComplete="off" {...field('company')} />
      <Field
        label="Website"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://"
        {...field('website')}
      />
      <OwnerSelect
        current={whole ? { userId: whole.ownerId, name: whole.ownerName } : self && personOf(self)}
        {...field('ownerId')}
      />
    </FormModal>
  );
}
