import { useEffect } from 'react';
import type { z } from 'zod';
import { assignableRoles, invitationInputSchema, roleLabels, type InvitationSent } from '@common/workspaces';
import { Field, FormAlert } from '../../components/field';
import { FormModal } from '../../components/form-modal';
import { SelectField } from '../../components/select-field';
import { showFieldErrors } from '../../lib/field-errors';
import { useZodForm } from '../../lib/zod-form';
import { refusalOf, useInvite } from './api';

type FormValues = z.input<typeof invitationInputSchema>;
const fieldNames: (keyof FormValues)[] = ['email', 'role'];
const empty: FormValues = { email: '', role: 'member' };

interface InviteModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the new invitation; its link is there when the server sent no mail. */
  onInvited: (sent: InvitationSent) => void;
}

/** "Invite member": an address and the role it joins with. */
export function InviteModal({ open, onOpenChange, onInvited }: InviteModalProps) {
  const invite = useInvite();
  const { field, errors, handleSubmit, reset, setError } = useZodForm(invitationInputSchema, empty);

  useEffect(() => {
    if (open) reset(empty);
  }, [open, reset]);

  const onSubmit = handleSubmit((input) => {
    invite.mutate(input, {
      onSuccess: (sent) => {
        onOpenChange(false);
        onInvited(sent);
      },
      onError: (error) => {
        if (!showFieldErrors(error, fieldNames, setError)) setError('root.server', { message: refusalOf(error) });
      },
    });
  });

  return (
    <FormModal
      open={open}
      onOpenChange={onOpenChange}
      title="Invite member"
      pending={invite.isPending}
      submitLabel="Send invitation"
      onSubmit={onSubmit}
      formClassName="space-y-4"
    >
      <FormAlert message={errors.root?.server?.message} />
      <Field label="Email" type="email" inputMode="email" autoComplete="off" {...field('email')} />
      <SelectField label="Role" {...field('role')}>
        {assignableRoles.map((role) => (
          <option key={role} value={role}>
            {roleLabels[role]}
          </option>
        ))}
      </SelectField>
    </FormModal>
  );
}
