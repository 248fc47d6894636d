import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { teamMessages } from '@common/team-messages';
import { Button, buttonClasses } from '../../components/button';
import { Card } from '../../components/card';
import { FormAlert } from '../../components/field';
import { Spinner } from '../../components/spinner';
import { isApiError } from '../../lib/api';
import { useAuthStore } from '../../lib/auth-store';
import { signOut } from '../../lib/session';
import { sessionResponse } from '../../lib/session-response';
import { toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { authPathFor } from '../auth/invite-param';
import { acceptInvitation, fetchInvitation, type InvitationView } from './api';

/** The server's reason (an unknown, used, revoked or expired link; another address), else the generic failure. */
const reasonOf = (error: unknown) =>
  isApiError(error) && error.status < 500 ? error.error : teamMessages.invitationLoadFailed;

const linkClasses = 'rounded font-medium text-indigo-700 hover:underline dark:text-indigo-400';

/** The user the sign-up or sign-in page signed in and handed over on its way here (see auth-form.tsx). */
function useHandedUser() {
  const handed = (useLocation().state as { signedIn?: unknown } | null)?.signedIn;
  const setUser = useAuthStore((state) => state.setUser);
  useEffect(() => {
    if (!handed || useAuthStore.getState().user) return;
    try {
      setUser(sessionResponse.parse({ user: handed }).user);
    } catch {
      // Not a user: the session check tells who is signed in.
    }
  }, [handed, setUser]);
}

/**
 * The invitation of `token`, loaded again by `reload`. Not useLoad: sharing it would split it into a chunk of its
 * own on the booking page's first load, which has no room for one.
 */
function useInvitation(token: string) {
  const [loaded, setLoaded] = useState<{ token: string; view?: InvitationView; error?: unknown } | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    fetchInvitation(token).then(
      (view) => live && setLoaded({ token, view }),
      (error: unknown) => live && setLoaded({ token, error: error ?? new Error('Failed') }),
    );
    return () => {
      live = false;
    };
  }, [token, attempt]);
  const current = loaded?.token === token ? loaded : null;
  return {
    data: current?.view,
    error: current?.error,
    isLoading: current === null,
    reload: () => {
      setLoaded(null);
      setAttempt((n) => n + 1);
    },
  };
}

/** What a signed-in or signed-out visitor does with a valid invitation. */
function JoinActions({ token, preview }: { token: string; preview: InvitationView }) {
  const navigate = useNavigate();
  const user = useAuthStore((state) => state.user);
  const loading = useAuthStore((state) => state.loading);
  const [joining, setJoining] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; otherEmail: boolean } | null>(null);

  if (loading) return <Spinner label="Checking your session" className="size-5 text-indigo-500" />;

  if (!user) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Create an account with {preview.email}, or sign in to it, to join.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Link to={authPathFor('signup', token)} className={buttonClasses('primary', 'md', 'sm:flex-1')}>
            Create account
          </Link>
          <Link to={authPathFor('signin', token)} className={buttonClasses('secondary', 'md', 'sm:flex-1')}>
            Sign in
          </Link>
        </div>
      </div>
    );
  }

  const join = async () => {
    setJoining(true);
    setRefusal(null);
    try {
      toast.success(await acceptInvitation(token));
      // Every answer cached so far belongs to the workspace the user was in.
      const { queryClient } = await import('../../lib/query-client');
      queryClient.clear();
      void navigate('/app/dashboard', { replace: true });
    } catch (error) {
      const message = reasonOf(error);
      setRefusal({ message, otherEmail: isApiError(error, 403) });
      toast.error(message);
      setJoining(false);
    }
  };

  const switchAccount = async () => {
    await signOut();
    void navigate(authPathFor('signin', token));
  };

  return (
    <div className="space-y-3">
      <FormAlert message={refusal?.message} />
      <p className="text-sm break-words text-slate-600 dark:text-slate-400">Signed in as {user.email}.</p>
      <Button className="w-full" loading={joining} onClick={() => void join()}>
        Join workspace
      </Button>
      {refusal?.otherEmail && (
        <Button variant="secondary" className="w-full" onClick={() => void switchAccount()}>
          Sign in with another account
        </Button>
      )}
    </div>
  );
}

/** /invite/:token: whose invitation this is, and joining the workspace. Public: a visitor signs up from here. */
export function InvitationPage() {
  const { token = '' } = useParams();
  useDocumentTitle('Invitation');
  useHandedUser();
  const preview = useInvitation(token);

  let content;
  if (preview.isLoading) {
    content = (
      <div className="flex justify-center py-8">
        <Spinner label="Loading the invitation" className="size-6 text-indigo-500" />
      </div>
    );
  } else if (preview.error !== undefined || !preview.data) {
    const known = isApiError(preview.error) && preview.error.status < 500;
    content = (
      <div className="space-y-4">
        <h1 className="text-2xl font-bold tracking-tight">Invitation</h1>
        <p role="alert" className="text-slate-700 dark:text-slate-300">
          {reasonOf(preview.error)}
        </p>
        <div className="flex flex-wrap items-center gap-4">
          {!known && (
            <Button variant="secondary" onClick={preview.reload}>
              Retry
            </Button>
          )}
          <Link to="/" className={linkClasses}>
            Go to the home page
          </Link>
        </div>
      </div>
    );
  } else {
    const { workspaceName, invitedBy, email, roleLabel } = preview.data;
    content = (
      <div className="space-y-5">
        <h1 className="text-2xl font-bold tracking-tight break-words">Join {workspaceName}</h1>
        <dl className="space-y-2 text-sm">
          {invitedBy && (
            <div className="flex flex-wrap gap-x-2">
              <dt className="text-slate-600 dark:text-slate-400">Invited by</dt>
              <dd className="font-medium break-all">{invitedBy}</dd>
            </div>
          )}
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-slate-600 dark:text-slate-400">Invited address</dt>
            <dd className="font-medium break-all">{email}</dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-slate-600 dark:text-slate-400">Role</dt>
            <dd className="font-medium">{roleLabel}</dd>
          </div>
        </dl>
        <JoinActions token={token} preview={preview.data} />
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-6xl justify-center px-4 py-12 sm:px-6 sm:py-20">
      <Card className="w-full max-w-md p-6 sm:p-8">{content}</Card>
    </div>
  );
}
