import { useEffect, useId } from 'react';
import { useForm, type Path, type Resolver, type ResolverOptions } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  defaultEmailPorts,
  emailAccountCreateSchema,
  emailAccountInputSchema,
  type EmailAccount,
  type EmailAccountInput,
  type EmailServer,
  type EmailServerType,
} from '@common/email-accounts';
import { emailServerTypes } from '@common/constants';
import { Button } from '../../components/button';
import { Field, FormAlert } from '../../components/field';
import { Modal } from '../../components/modal';
import { isApiError } from '../../lib/api';
import {
  useCreateEmailAccount,
  useUpdateEmailAccount,
  type EmailAccountFormValues,
  type EmailAccountValues,
} from './api';
import { ServerFieldset } from './server-fieldset';

const serverValues = (type: EmailServerType, server: EmailServer | undefined) => ({
  host: server?.host ?? '',
  port: server?.port ?? defaultEmailPorts[type],
  username: server?.username ?? '',
  // Never filled in: the stored password does not come back (decisions.md item 5).
  password: '',
  useSsl: server?.useSsl ?? true,
  authMethod: server?.authMethod ?? 'plain',
});

const toValues = (account: EmailAccount | null): EmailAccountFormValues => ({
  email: account?.email ?? '',
  pop3: serverValues('pop3', account?.pop3),
  smtp: serverValues('smtp', account?.smtp),
});

const serverFieldNames = ['host', 'port', 'username', 'password', 'useSsl', 'authMethod'] as const;
/** The server's field paths ('pop3.port', …), as the error handler names nested fields. */
const fieldPaths = new Set<string>([
  'email',
  ...emailServerTypes.flatMap((type) => serverFieldNames.map((name) => `${type}.${name}`)),
]);

// Adding needs both passwords; editing keeps a password left empty.
const addResolver: Resolver<EmailAccountFormValues, unknown, EmailAccountValues> =
  zodResolver(emailAccountCreateSchema);
// The form always holds string passwords, which the edit schema's input (optional ones) accepts.
const checkEdit = zodResolver(emailAccountInputSchema);
const editResolver: Resolver<EmailAccountFormValues, unknown, EmailAccountValues> = (values, context, options) =>
  checkEdit(values, context, options as ResolverOptions<EmailAccountInput>);

interface EmailAccountModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The account to edit; none to add one. */
  account: EmailAccount | null;
}

/** Add Email Account, and Edit: the address, then the POP3 and the SMTP server. */
export function EmailAccountModal({ open, onOpenChange, account }: EmailAccountModalProps) {
  const formId = useId();
  const create = useCreateEmailAccount();
  const update = useUpdateEmailAccount();
  const pending = create.isPending || update.isPending;
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<EmailAccountFormValues, unknown, EmailAccountValues>({
    resolver: account ? editResolver : addResolver,
    defaultValues: toValues(account),
  });

  useEffect(() => {
    if (open) reset(toValues(account));
  }, [open, account, reset]);

  const showServerErrors = (error: Error) => {
    if (!isApiError(error)) return;
    const known = Object.entries(error.fields).filter(([field]) => fieldPaths.has(field));
    for (const [field, message] of known) setError(field as Path<EmailAccountFormValues>, { message });
    // A refusal of no field (e.g. one account too many) is said in the modal too.
    if (!known.length && error.status < 500) setError('root.server', { message: error.error });
  };
  const close = () => onOpenChange(false);

  const onSubmit = handleSubmit((input) => {
    if (account) update.mutate({ id: account.id, input }, { onSuccess: close, onError: showServerErrors });
    else create.mutate(input, { onSuccess: close, onError: showServerErrors });
  });

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={account ? 'Edit Email Account' : 'Add Email Account'}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            Save
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-5">
        <FormAlert message={errors.root?.server?.message} />
        <Field
          label="Email Address"
          type="email"
          autoComplete="off"
          spellCheck={false}
          placeholder="you@example.com"
          error={errors.email?.message}
          {...register('email')}
        />
        {emailServerTypes.map((type) => (
          <ServerFieldset
            key={type}
            type={type}
            register={register}
            control={control}
            errors={errors}
            storedPassword={account?.[type].passwordMasked}
          />
        ))}
      </form>
    </Modal>
  );
}
