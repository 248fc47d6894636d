import { useId, type ReactNode } from 'react';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { emailAuthMethods } from '@common/constants';
import { emailAccountMessages, emailAuthMethodLabels, type EmailAccountServerKey } from '@common/email-accounts';
import { Switch } from '../../components/switch';
import { Field } from '../../components/field';
import { SelectField } from '../../components/select-field';
import type { EmailAccountFormValues, EmailAccountValues } from './api';

interface ServerFieldsetProps {
  /** The server's key in the form: the incoming server's settings are under `pop3`, whatever its type. */
  type: EmailAccountServerKey;
  /** The server type's name ("POP3", "IMAP", "SMTP"), which each label starts with. */
  label: string;
  register: UseFormRegister<EmailAccountFormValues>;
  control: Control<EmailAccountFormValues, unknown, EmailAccountValues>;
  errors: FieldErrors<EmailAccountFormValues>;
  /** The stored password, masked, when editing: an empty field keeps it. */
  storedPassword?: string;
  /** Editing, the server's settings changed: the stored password does not follow them, it must be typed again. */
  passwordAgain?: boolean;
  /** Further fields of this server, shown first (the incoming server's type and automatic check). */
  children?: ReactNode;
}

/** Host, port, username, password, SSL/TLS and auth method of one server; each label names the server. */
export function ServerFieldset({
  type,
  label: server,
  register,
  control,
  errors,
  storedPassword,
  passwordAgain = false,
  children,
}: ServerFieldsetProps) {
  const sslId = useId();
  const fieldErrors = errors[type];
  return (
    <fieldset className="min-w-0 space-y-4 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-slate-100">{server} Server</legend>
      {children}
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]">
        <Field
          label={`${server} Host`}
          autoComplete="off"
          spellCheck={false}
          placeholder={`${server === 'POP3' ? 'pop' : server.toLowerCase()}.example.com`}
          error={fieldErrors?.host?.message}
          {...register(`${type}.host`)}
        />
        <Field
          label={`${server} Port`}
          type="number"
          inputMode="numeric"
          min={1}
          max={65535}
          step={1}
          error={fieldErrors?.port?.message}
          {...register(`${type}.port`, { valueAsNumber: true })}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={`${server} Username`}
          autoComplete="off"
          spellCheck={false}
          error={fieldErrors?.username?.message}
          {...register(`${type}.username`)}
        />
        <Field
          label={`${server} Password`}
          type="password"
          autoComplete="new-password"
          placeholder={storedPassword ? 'Unchanged' : undefined}
          hint={
            passwordAgain
              ? emailAccountMessages.passwordAgain
              : storedPassword
                ? `Stored: ${storedPassword}. Leave empty to keep the current password.`
                : undefined
          }
          error={fieldErrors?.password?.message}
          {...register(`${type}.password`)}
        />
      </div>
      <div className="grid items-end gap-4 sm:grid-cols-2">
        <SelectField
          label={`${server} Auth Method`}
          error={fieldErrors?.authMethod?.message}
          {...register(`${type}.authMethod`)}
        >
          {emailAuthMethods.map((method) => (
            <option key={method} value={method}>
              {emailAuthMethodLabels[method]}
            </option>
          ))}
        </SelectField>
        <Controller
          control={control}
          name={`${type}.useSsl`}
          render={({ field }) => (
            <div className="flex h-10 items-center justify-between gap-3 sm:justify-start">
              <label htmlFor={sslId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
                {server} SSL/TLS
              </label>
              <Switch
                id={sslId}
                ref={field.ref}
                checked={field.value ?? true}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
              />
            </div>
          )}
        />
      </div>
    </fieldset>
  );
}
