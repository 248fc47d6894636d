import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { authMessages, signInInputSchema, signUpInputSchema } from '@common/auth';
import { Button } from '../../components/button';
import { Field, FormAlert } from '../../components/field';
import { isApiError } from '../../lib/api';
import { useAuthStore } from '../../lib/auth-store';
import { signIn, signUp } from './api';

export type AuthMode = 'signin' | 'signup';

type AuthValues = z.input<typeof signUpInputSchema>;

// Sign-in ignores the name; giving both modes one value shape keeps one form.
const signInFormSchema = signInInputSchema.extend({ name: z.string() });
const resolvers: Record<AuthMode, Resolver<AuthValues>> = {
  signup: zodResolver(signUpInputSchema),
  signin: zodResolver(signInFormSchema),
};

function failureMessage(mode: AuthMode, error: unknown): string {
  if (!isApiError(error)) return authMessages.authenticationFailed;
  if (error.status >= 500 && error.error !== authMessages.profileCreateFailed) {
    return mode === 'signup' ? authMessages.signUpFailed : authMessages.authenticationFailed;
  }
  return error.error;
}

/** The one sign-in / sign-up form (spec §2); fields are validated with the server's own schemas. */
export function AuthForm({ mode }: { mode: AuthMode }) {
  const isSignUp = mode === 'signup';
  const navigate = useNavigate();
  const setUser = useAuthStore((state) => state.setUser);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AuthValues>({
    resolver: resolvers[mode],
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(async ({ name, email, password }) => {
    setFormError(null);
    try {
      const user = isSignUp ? await signUp({ name, email, password }) : await signIn({ email, password });
      toast.success(isSignUp ? authMessages.accountCreated : authMessages.signedIn);
      setUser(user);
      navigate('/app/dashboard', { replace: true });
    } catch (error) {
      const message = failureMessage(mode, error);
      if (isApiError(error)) {
        for (const [field, fieldMessage] of Object.entries(error.fields)) {
          if (field === 'name' || field === 'email' || field === 'password') setError(field, { message: fieldMessage });
        }
      }
      setFormError(message);
      toast.error(message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <FormAlert message={formError} />
      {isSignUp && (
        <Field label="Full Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      )}
      <Field
        label="Email Address"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <Field
        label="Password"
        type="password"
        autoComplete={isSignUp ? 'new-password' : 'current-password'}
        hint={isSignUp ? 'At least 6 characters.' : undefined}
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
        {isSignUp ? 'Create Account' : 'Sign In'}
      </Button>
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        {isSignUp ? 'Already have an account? ' : "Don't have an account? "}
        <Link
          to={isSignUp ? '/signin' : '/signup'}
          className="rounded font-medium text-indigo-700 hover:underline dark:text-indigo-400"
        >
          {isSignUp ? 'Sign in' : 'Sign up'}
        </Link>
      </p>
    </form>
  );
}
