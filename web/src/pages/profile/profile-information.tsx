import { useEffect } from 'react';
import { profileInputSchema, profileMessages } from '@common/profile';
import { Button } from '../../components/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/card';
import { Field } from '../../components/field';
import { isApiError } from '../../lib/api';
import { useAuthStore } from '../../lib/auth-store';
import { useUpdateProfile } from './api';
import { AvatarUpload } from './avatar-upload';
import { useZodForm } from '../../lib/zod-form';

/** The 'Profile Information' tab: picture, Full Name, and the e-mail that cannot be changed. */
export function ProfileInformation() {
  const user = useAuthStore((state) => state.user);
  const update = useUpdateProfile();
  const { field, handleSubmit, reset, setError } = useZodForm(profileInputSchema, { name: user?.name ?? '' });

  // The session check may answer after the first render with a newer name.
  const storedName = user?.name ?? '';
  useEffect(() => reset({ name: storedName }), [storedName, reset]);

  if (!user) return null;

  const onSubmit = handleSubmit((input) =>
    update.mutate(input, {
      onError: (error) => {
        if (isApiError(error) && error.fields.name) setError('name', { message: error.fields.name });
      },
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle id="profile-information-heading">Profile Information</CardTitle>
      </CardHeader>
      <CardBody className="space-y-6">
        <AvatarUpload user={user} />
        <form aria-labelledby="profile-information-heading" onSubmit={onSubmit} noValidate className="space-y-4">
          <Field label="Full Name" autoComplete="name" {...field('name')} />
          <Field
            label="Email Address"
            type="email"
            value={user.email}
            readOnly
            hint={profileMessages.emailReadOnly}
            className="[&_input]:bg-slate-50 [&_input]:text-slate-600 dark:[&_input]:bg-slate-900 dark:[&_input]:text-slate-400"
          />
          <div className="flex justify-end">
            <Button type="submit" disabled={update.isPending} aria-busy={update.isPending || undefined}>
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
