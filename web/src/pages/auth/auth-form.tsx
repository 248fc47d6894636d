import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { authMessages } from '@common/auth-messages';
import { Button } from '../../components/button';
import { Field, FormAlert } from '../../components/field';
import { isApiError } from '../../lib/api';
import { useAuthStore } from '../../lib/auth-store';
import { toast } from '../../lib/toast';
import { signIn, signUp } from './api';
import { authPathFor, invitedEmail, inviteTokenOf, invitePath } from './invite-param';

export type AuthMode = 'signin' | 'signup';
export interface AuthValues {
  name: string;
  email: string;
  password: string;
}
export type AuthErrors = Partial<Record<keyof AuthValues, string>>;

const fieldOrder: Array<keyof AuthValues> = ['name', 'email', 'password'];

// The checks (the server's rules, without zod: validation.ts) are a chunk of their own: the form shows without
// waiting for them, and they load while the visitor types. This form keeps its own state instead of react-hook-form, which the
// other forms use: the sign-in page must stay within its first-load budget (docs/performance.md).
const loadChecks = () => import('./validation').then((m) => m.checkAuthValues);

function failureMessage(mode: AuthMode, error: unknown): string {
  if (!isApiError(error)) return authMessages.authenticationFailed;
  if (error.status >= 500 && error.error !== authMessages.profileCreateFailed) {
    return mode === 'signup' ? authMessages.signUpFailed : authMessages.authenticationFailed;
  }
  return error.error;
}

/** The one sign-in / sign-up form (spec §2); fields are validated with the server's own rules. */
export function AuthForm({ mode }: { mode: AuthMode }) {
  const isSignUp = mode === 'signup';
  const navigate = useNavigate();
  const setUser = useAuthStore((state) => state.setUser);
  const [formError, setFormError] = useState<string | null>(null);
  const [values, setValues] = useState<AuthValues>({ name: '', email: '', password: '' });
  const [errors, setErrors] = useState<AuthErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  // From an invitation: back to it once signed in, the sign-up form filled with the invited address.
  const inviteToken = inviteTokenOf(useSearchParams()[0]);
  useEffect(() => void loadChecks(), []);
  useEffect(() => {
    if (!isSignUp || !inviteToken) return;
    let live = true;
    void invitedEmail(inviteToken).then((email) => {
      if (live && email) setValues((current) => (current.email ? current : { ...current, email }));
    });
    return () => {
      live = false;
    };
  }, [isSignUp, inviteToken]);

  // After the first submit, each change checks the form again, so a fixed field loses its message at once.
  const change = (field: keyof AuthValues) => async (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (submitted) setErrors((await loadChecks())(mode, next).errors ?? {});
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const form = event.currentTarget;
    setSubmitted(true);
    setSubmitting(true);
    try {
      const checked = (await loadChecks())(mode, values);
      setErrors(checked.errors ?? {});
      if (checked.errors) {
        const first = fieldOrder.find((field) => checked.errors[field]);
        if (first) (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
        return;
      }
      await submit(checked.values);
    } finally {
      setSubmitting(false);
    }
  };

  const submit = async ({ name, email, password }: AuthValues) => {
    setFormError(null);
    try {
      const user = isSignUp ? await signUp({ name, email, password }) : await signIn({ email, password });
      toast.success(isSignUp ? authMessages.accountCreated : authMessages.signedIn);
      if (inviteToken) {
        // This page is for signed-out visitors only: the user set here would send it to the dashboard before the
        // move to the invitation (a transition) is done. The invitation page sets the user it is handed.
        void navigate(invitePath(inviteToken), { replace: true, state: { signedIn: user } });
        return;
      }
      setUser(user);
      void navigate('/app/dashboard', { replace: true });
    } catch (error) {
      const message = failureMessage(mode, error);
      if (isApiError(error)) {
        const fromServer: AuthErrors = {};
        for (const [field, fieldMessage] of Object.entries(error.fields)) {
          if (fieldOrder.includes(field as keyof AuthValues)) fromServer[field as keyof AuthValues] = fieldMessage;
        }
        setErrors(fromServer);
      }
      setFormError(message);
      toast.error(message);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <FormAlert message={formError} />
      {isSignUp && (
        <Field
          label="Full Name"
          autoComplete="name"
          name="name"
          value={values.name}
          onChange={change('name')}
          error={errors.name}
        />
      )}
      <Field
        label="Email Address"
        type="email"
        autoComplete="email"
        inputMode="email"
        name="email"
        value={values.email}
        onChange={change('email')}
        error={errors.email}
      />
      <Field
        label="Password"
        type="password"
        autoComplete={isSignUp ? 'new-password' : 'current-password'}
        hint={isSignUp ? 'At least 6 characters.' : undefined}
        name="password"
        value={values.password}
        onChange={change('password')}
        error={errors.password}
      />
      {!isSignUp && (
        <p className="-mt-2 text-right text-sm">
          <Link
            to="/forgot-password"
            className="rounded font-medium text-indigo-700 hover:underline dark:text-indigo-400"
          >
            {authMessages.forgotPassword}
          </Link>
        </p>
      )}
      <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
        {isSignUp ? 'Create Account' : 'Sign In'}
      </Button>
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        {isSignUp ? 'Already have an account? ' : "Don't have an account? "}
        <Link
          to={inviteToken ? authPathFor(isSignUp ? 'signin' : 'signup', inviteToken) : isSignUp ? '/signin' : '/signup'}
          className="rounded font-medium text-indigo-700 hover:underline dark:text-indigo-400"
        >
          {isSignUp ? 'Sign in' : 'Sign up'}
        </Link>
      </p>
    </form>
  );
}
