import { Check } from 'lucide-react';
import { Card } from '../../components/card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthForm, type AuthMode } from './auth-form';

const perks = ['30-day free trial', 'No credit card required', 'Cancel anytime', '24/7 support'];

function TrialPerks() {
  return (
    <div className="order-last w-full max-w-md lg:order-first">
      <h2 className="text-2xl font-bold tracking-tight lg:text-3xl">Start your 30-day free trial</h2>
      <p className="mt-3 hidden text-slate-600 lg:block dark:text-slate-400">
        Everything you need to manage contacts, deals, projects and tasks, ready in a minute.
      </p>
      <ul className="mt-6 grid grid-cols-2 gap-4 lg:mt-8 lg:grid-cols-1">
        {perks.map((perk) => (
          <li key={perk} className="flex items-center gap-3 text-sm lg:text-base">
            <span className="flex size-7 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300">
              <Check aria-hidden="true" className="size-4" />
            </span>
            {perk}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /signin and /signup. */
export function AuthPage({ mode }: { mode: AuthMode }) {
  const isSignUp = mode === 'signup';
  useDocumentTitle(isSignUp ? 'Sign Up' : 'Sign In');
  return (
    <div className="mx-auto flex max-w-6xl flex-col items-center justify-center gap-10 px-4 py-12 sm:px-6 sm:py-20 lg:flex-row lg:gap-16">
      {isSignUp && <TrialPerks />}
      <Card className="w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{isSignUp ? 'Create your account' : 'Welcome back'}</h1>
        <p className="mt-2 mb-6 text-sm text-slate-600 dark:text-slate-400">
          {isSignUp ? 'Get your workspace ready in less than a minute.' : 'Sign in to your account to continue.'}
        </p>
        <AuthForm key={mode} mode={mode} />
      </Card>
    </div>
  );
}

export const SignInPage = () => <AuthPage mode="signin" />;
export const SignUpPage = () => <AuthPage mode="signup" />;
