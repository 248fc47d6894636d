import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { contactInputSchema, type Contact } from '@common/contacts';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { Modal } from '../../components/modal';
import { isApiError } from '../../lib/api';
import { useCreateContact, useUpdateContact } from './api';

type FormValues = z.input<typeof contactInputSchema>;
type FieldName = keyof FormValues;
const fieldNames: FieldName[] = ['name', 'email', 'phone', 'company'];

interface ContactFormModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The contact to edit; none to create one. */
  contact?: Contact | null;
}

const toValues = (contact?: Contact | null): FormValues => ({
  name: contact?.name ?? '',
  email: contact?.email ?? '',
  phone: contact?.phone ?? '',
  company: contact?.company ?? '',
});

export function ContactFormModal({ open, onOpenChange, contact }: ContactFormModalProps) {
  const isEdit = Boolean(contact);
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
    defaultValues: toValues(contact),
  });

  useEffect(() => {
    if (open) reset(toValues(contact));
  }, [open, contact, reset]);

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
          <Button type="submit" form="contact-form" loading={pending}>
            {isEdit ? 'Save' : 'Create'}
          </Button>
        </>
      }
    >
      <form id="contact-form" onSubmit={onSubmit} noValidate className="space-y-4">
        <Field label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
        <Field label="Email" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
        <Field label="Phone" type="tel" autoComplete="off" error={errors.phone?.message} {...register('phone')} />
        <Field label="Company" autoComplete="off" error={errors.company?.message} {...register('company')} />
      </form>
    </Modal>
  );
}
