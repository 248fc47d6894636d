import { useEffect, useState } from 'react';
import { passwordResetRequestSchema } from '@common/auth';
import { passwordResetMessages } from '@common/password-reset-messages';
import { Button } from '../../components/button';
import { Field, FormAlert } from '../../components/field';
import { Spinner } from '../../components/spinner';
import { isApiError } from '../../lib/api';
import { useZodForm } from '../../lib/zod-form';
import { PasswordResetCard, ResetNotice } from './password-reset-card';
import { passwordResetAvailable, requestPasswordReset } from './password-reset-api';

/** /forgot-password: a reset link by email, when this server sends mail; the same answer whether the account exists. */
export function ForgotPasswordPage() {
  const [available, setAvailable] = useState<boolean | null>(null);
  const [sent, setSent] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { field, handleSubmit, formState } = useZodForm(passwordResetRequestSchema, { email: '' });

  useEffect(() => {
    passwordResetAvailable().then(setAvailable, () => setAvailable(true));
  }, []);

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      await requestPasswordReset(email);
      setSent(true);
    } catch (error) {
      if (isApiError(error, 400) && error.error === passwordResetMessages.unavailable) setAvailable(false);
      else setFormError(isApiError(error, 429) ? error.error : passwordResetMessages.requestFailed);
    }
  });

  return (
    <PasswordResetCard
      title="Reset your password"
      lead={
        available ? "Enter the email of your account and we'll send you a link to choose a new password." : undefined
      }
    >
      {available === null ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading" />
        </div>
      ) : !available ? (
        <ResetNotice>{passwordResetMessages.unavailable}</ResetNotice>
      ) : sent ? (
        <div role="status">
          <ResetNotice>{passwordResetMessages.requested}</ResetNotice>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <FormAlert message={formError} />
          <Field label="Email Address" type="email" autoComplete="email" inputMode="email" {...field('email')} />
          <Button type="submit" size="lg" loading={formState.isSubmitting} className="w-full">
            Send Reset Link
          </Button>
        </form>
      )}
    </PasswordResetCard>
  );
}
