import type { FastifyInstance } from 'fastify';
import { clientFor, cookieOf, signUp, type UserClient } from './test-app';

// Helpers of the workspaces' tests: a colleague invited into a workspace and joined through the link.

/** The invitation link's token, from an answer that carries the link (the test app sends no mail). */
export const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

/** A new account invited by `admin` into their current workspace with `role`, joined: it is now their current one. */
export async function joined(
  app: FastifyInstance,
  admin: UserClient,
  name: string,
  role: 'admin' | 'member',
): Promise<UserClient> {
  const colleague = await signUp(app, name);
  await join(admin, colleague, role);
  return colleague;
}

/** `colleague` invited by `admin` into their current workspace with `role`, joined: it is now their current one. */
export async function join(admin: UserClient, colleague: UserClient, role: 'admin' | 'member'): Promise<void> {
  const invited = await admin.post('/api/workspace/invitations', { email: colleague.email, role });
  if (invited.statusCode !== 201) throw new Error(`invitation failed: ${invited.statusCode} ${invited.body}`);
  const accepted = await colleague.post(`/api/invitations/${tokenOf(invited.json().link)}/accept`);
  if (accepted.statusCode !== 200) throw new Error(`accepting failed: ${accepted.statusCode} ${accepted.body}`);
}

/** An account signed up with this exact address (an invited one). */
export async function signUpWith(app: FastifyInstance, email: string): Promise<UserClient> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { name: 'Invited', email, password: 'correct-horse-42' },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return clientFor(app, cookieOf(res), { id: res.json().user.id, email });
}
