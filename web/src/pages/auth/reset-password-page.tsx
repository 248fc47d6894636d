import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { passwordResetFormSchema } from '@common/auth';
import { passwordResetMessages } from '@common/password-reset-messages';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { isApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useZodForm } from '../../lib/zod-form';
import { linkClasses, PasswordResetCard, ResetNotice } from './password-reset-card';
import { resetPassword } from './password-reset-api';

type FormValues = z.input<typeof passwordResetFormSchema>;
const empty: FormValues = { newPassword: '', confirmPassword: '' };

/** The way back when the link cannot be used: ask for a new one. */
function LinkProblem({ message }: { message: string }) {
  return (
    <div role="alert">
      <ResetNotice>
        {message}{' '}
        <Link to="/forgot-password" className={linkClasses}>
          Ask for a new link
        </Link>
      </ResetNotice>
    </div>
  );
}

/** /reset-password?token=…: the reset email's link; the new password twice, then sign in with it. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token');
  const [linkInvalid, setLinkInvalid] = useState(false);
  const { field, handleSubmit, formState, setError } = useZodForm(passwordResetFormSchema, empty);

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    try {
      await resetPassword({ token: token ?? '', newPassword });
      toast.success(passwordResetMessages.passwordReset);
      void navigate('/signin', { replace: true });
    } catch (error) {
      if (isApiError(error, 400) && error.fields.token) setLinkInvalid(true);
      else if (isApiError(error, 400) && error.fields.newPassword)
        setError('newPassword', { message: error.fields.newPassword }, { shouldFocus: true });
      else toast.error(isApiError(error, 503) ? error.error : passwordResetMessages.resetFailed);
    }
  });

  return (
    <PasswordResetCard title="Choose a new password" lead="Your new password signs you out everywhere else.">
      {!token ? (
        <LinkProblem message={passwordResetMessages.linkMissing} />
      ) : linkInvalid ? (
        <LinkProblem message={passwordResetMessages.linkInvalid} />
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <Field
            label="New Password"
            type="password"
            autoComplete="new-password"
            hint="At least 6 characters."
            {...field('newPassword')}
          />
          <Field
            label="Confirm New Password"
            type="password"
            autoComplete="new-password"
            {...field('confirmPassword')}
          />
          <Button type="submit" size="lg" loading={formState.isSubmitting} className="w-full">
            Reset Password
          </Button>
        </form>
      )}
    </PasswordResetCard>
  );
}
