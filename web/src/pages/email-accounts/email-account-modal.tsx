import { useEffect, useId, useMemo } from 'react';
import { useForm, useWatch, type Path, type Resolver, type ResolverOptions } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  defaultEmailPorts,
  emailAccountCreateSchema,
  emailAccountInputSchema,
  emailAccountServerKeys,
  emailCheckIntervals,
  emailCheckLabel,
  emailIncomingTypes,
  emailServerLabels,
  needsPasswordAgain,
  emailAccountMessages,
  type EmailAccount,
  type EmailAccountServerKey,
  type EmailAccountInput,
  type EmailIncomingType,
  type EmailServer,
  type EmailServerType,
} from '@common/email-accounts';
import { Button } from '../../components/button';
import { Field, FormAlert } from '../../components/field';
import { SelectField } from '../../components/select-field';
import { Modal } from '../../components/modal';
import { isApiError } from '../../lib/api';
import {
  useCreateEmailAccount,
  useUpdateEmailAccount,
  type EmailAccountFormValues,
  type EmailAccountValues,
} from './api';
import { ServerFieldset } from './server-fieldset';
import { UnencryptedOption } from './unencrypted-option';

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
  incomingType: account?.incomingType ?? 'pop3',
  pop3: serverValues(account?.incomingType ?? 'pop3', account?.pop3),
  smtp: serverValues('smtp', account?.smtp),
  checkEveryMinutes: account?.checkEveryMinutes ?? null,
  allowUnencrypted: account?.allowUnencrypted ?? false,
});

const serverFieldNames = ['host', 'port', 'username', 'password', 'useSsl', 'authMethod'] as const;
/** The server's field paths ('pop3.port', …), as the error handler names nested fields. */
const fieldPaths = new Set<string>([
  'email',
  'incomingType',
  'checkEveryMinutes',
  'allowUnencrypted',
  ...emailAccountServerKeys.flatMap((key) => serverFieldNames.map((name) => `${key}.${name}`)),
]);

type FormResolver = Resolver<EmailAccountFormValues, unknown, EmailAccountValues>;

/** The servers whose settings in the form differ from the stored ones: their passwords must be typed again. */
/** The form's values, some fields possibly not filled in yet. */
type WatchedValues = {
  [K in keyof EmailAccountFormValues]?: EmailAccountFormValues[K] extends object
    ? Partial<EmailAccountFormValues[K]>
    : EmailAccountFormValues[K];
};

function changedServers(account: EmailAccount | null, values: WatchedValues) {
  const changed = new Set<EmailAccountServerKey>();
  if (!account) return changed;
  for (const key of emailAccountServerKeys) {
    const next = values[key];
    if (!next) continue;
    const stored = { ...account[key], allowUnencrypted: account.allowUnencrypted };
    const typed = {
      host: next.host ?? '',
      port: next.port ?? NaN,
      username: next.username ?? '',
      useSsl: next.useSsl ?? true,
      authMethod: next.authMethod ?? 'plain',
      allowUnencrypted: values.allowUnencrypted ?? false,
    };
    if (needsPasswordAgain(stored, typed)) changed.add(key);
  }
  return changed;
}

// Adding needs both passwords; editing keeps a password left empty, unless its server's settings changed.
const addResolver: FormResolver = zodResolver(emailAccountCreateSchema);
// The form always holds string passwords, which the edit schema's input (optional ones) accepts.
const checkEdit = zodResolver(emailAccountInputSchema);
const editResolver =
  (account: EmailAccount): FormResolver =>
  async (values, context, options) => {
    const result = await checkEdit(values, context, options as ResolverOptions<EmailAccountInput>);
    const missing = [...changedServers(account, values)].filter((key) => !values[key].password);
    if (!missing.length) return result;
    const errors: Record<string, unknown> = { ...result.errors };
    for (const key of missing) {
      const serverErrors = (errors[key] ?? {}) as Record<string, unknown>;
      errors[key] = {
        ...serverErrors,
        password: { type: 'passwordAgain', message: emailAccountMessages.passwordAgain },
      };
    }
    return { values: {}, errors };
  };

interface EmailAccountModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The account to edit; none to add one. */
  account: EmailAccount | null;
}

/** Add Email Account, and Edit: the address, then the incoming (POP3 or IMAP) and the SMTP server. */
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
    getValues,
    setValue,
    formState: { errors },
  } = useForm<EmailAccountFormValues, unknown, EmailAccountValues>({
    resolver: useMemo(() => (account ? editResolver(account) : addResolver), [account]),
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
  const incomingType = useWatch({ control, name: 'incomingType' }) ?? 'pop3';
  const watched = useWatch({ control });
  const changed = changedServers(account, watched);
  // A port still at the other type's default follows the type chosen (995 POP3, 993 IMAP).
  const followDefaultPort = (next: EmailIncomingType) => {
    const previous = next === 'imap' ? 'pop3' : 'imap';
    if (getValues('pop3.port') === defaultEmailPorts[previous]) setValue('pop3.port', defaultEmailPorts[next]);
  };

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
        <ServerFieldset
          type="pop3"
          label={emailServerLabels[incomingType]}
          register={register}
          control={control}
          errors={errors}
          storedPassword={changed.has('pop3') ? undefined : account?.pop3.passwordMasked}
          passwordAgain={changed.has('pop3')}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Server type"
              error={errors.incomingType?.message}
              {...register('incomingType', {
                onChange: (event: { target: { value: EmailIncomingType } }) => followDefaultPort(event.target.value),
              })}
            >
              {emailIncomingTypes.map((type) => (
                <option key={type} value={type}>
                  {emailServerLabels[type]}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Check automatically"
              error={errors.checkEveryMinutes?.message}
              {...register('checkEveryMinutes', {
                setValueAs: (value: unknown) => (value === '' || value === null ? null : Number(value)),
              })}
            >
              <option value="">{emailCheckLabel(null)}</option>
              {emailCheckIntervals.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {emailCheckLabel(minutes)}
                </option>
              ))}
            </SelectField>
          </div>
        </ServerFieldset>
        <ServerFieldset
          type="smtp"
          label={emailServerLabels.smtp}
          register={register}
          control={control}
          errors={errors}
          storedPassword={changed.has('smtp') ? undefined : account?.smtp.passwordMasked}
          passwordAgain={changed.has('smtp')}
        />
        <UnencryptedOption register={register} />
      </form>
    </Modal>
  );
}
