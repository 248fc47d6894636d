import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { contactInputSchema, contactMessages, type Contact, type ContactListItem } from '@common/contacts';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { Field } from '../../components/field';
import { Modal } from '../../components/modal';
import { Spinner } from '../../components/spinner';
import { isApiError } from '../../lib/api';
import { contactQuery, useCreateContact, useUpdateContact } from './api';

type FormValues = z.input<typeof contactInputSchema>;
type FieldName = keyof FormValues;
const fieldNames: FieldName[] = ['name', 'email', 'phone', 'company', 'website'];

interface ContactFormModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The contact to edit (a row of the list is read whole first: the list leaves the website out); none to create one. */
  contact?: Contact | ContactListItem | null;
}

const isWhole = (contact: Contact | ContactListItem): contact is Contact => 'website' in contact;

const toValues = (contact: Contact | null): FormValues => ({
  name: contact?.name ?? '',
  email: contact?.email ?? '',
  phone: contact?.phone ?? '',
  company: contact?.company ?? '',
  website: contact?.website ?? '',
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
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, z.output<typeof contactInputSchema>>({
    resolver: zodResolver(contactInputSchema),
    defaultValues: toValues(whole),
  });

  useEffect(() => {
    if (open) reset(toValues(whole));
  }, [open, whole, reset]);

  const showServerFields = (error: Error) => {
    if (!isApiError(error)) return;
    for (const [field, message] of Object.entries(error.fields)) {
      if (fieldNames.includes(field as FieldName)) setError(field as FieldName, { message });
    }
  };
  const close = () => onOpenChange(false);

  const onSubmit = handleSubmit((input) => {
    if (contact) update.mutate({ id: contact.id, input }, { onSuccess: close, onError: showServerFields });
    else create.mutate(input, { onSuccess: close, onError: showServerFields });
  });

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={isEdit ? 'Edit Contact' : 'Create New Contact'}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form="contact-form" loading={pending} disabled={isLoading}>
            {isEdit ? 'Save' : 'Create'}
          </Button>
        </>
      }
    >
      {isLoading ? (
        loaded.isError ? (
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
        )
      ) : (
        <form id="contact-form" onSubmit={onSubmit} noValidate className="space-y-4">
          <Field label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
          <Field label="Email" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
          <Field label="Phone" type="tel" autoComplete="off" error={errors.phone?.message} {...register('phone')} />
          <Field label="Company" autoComplete="off" error={errors.company?.message} {...register('company')} />
          <Field
            label="Website"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://"
            error={errors.website?.message}
            {...register('website')}
          />
        </form>
      )}
    </Modal>
  );
}
