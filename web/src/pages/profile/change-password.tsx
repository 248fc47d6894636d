import type { z } from 'zod';
import { changePasswordFormSchema } from '@common/auth';
import { Button } from '../../components/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/card';
import { Field } from '../../components/field';
import { isApiError } from '../../lib/api';
import { useChangePassword } from './api';
import { useZodForm } from '../../lib/zod-form';

type FormValues = z.input<typeof changePasswordFormSchema>;
const empty: FormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** 'Change Password' on the profile tab: the current password, then the new one twice; other sessions end. */
export function ChangePassword() {
  const change = useChangePassword();
  const { field, handleSubmit, reset, setError } = useZodForm(changePasswordFormSchema, empty);

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => reset(empty),
        onError: (error) => {
          if (!isApiError(error, 400)) return;
          for (const field of ['currentPassword', 'newPassword'] as const) {
            const message = error.fields[field];
            if (message) setError(field, { message }, { shouldFocus: true });
          }
        },
      },
    ),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle id="change-password-heading">Change Password</CardTitle>
      </CardHeader>
      <CardBody>
        <form aria-labelledby="change-password-heading" onSubmit={onSubmit} noValidate className="space-y-4">
          <Field
            label="Current Password"
            type="password"
            autoComplete="current-password"
            {...field('currentPassword')}
          />
          <Field
            label="New Password"
            type="password"
            autoComplete="new-password"
            hint="At least 6 characters. Every other session is signed out."
            {...field('newPassword')}
          />
          <Field
            label="Confirm New Password"
            type="password"
            autoComplete="new-password"
            {...field('confirmPassword')}
          />
          <div className="flex justify-end">
            <Button type="submit" disabled={change.isPending} aria-busy={change.isPending || undefined}>
              {change.isPending ? 'Changing...' : 'Change Password'}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
