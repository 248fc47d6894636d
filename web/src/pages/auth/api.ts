import type { SignInInput, SignUpInput, User } from '@common/auth';
import { api } from '../../lib/api';
import { sessionResponse } from '../../lib/session-response';

export async function signUp(input: SignUpInput): Promise<User> {
  const { user } = await api.post('/api/auth/sign-up', input, sessionResponse);
  return user;
}

export async function signIn(input: SignInInput): Promise<User> {
  const { user } = await api.post('/api/auth/sign-in', input, sessionResponse);
  return user;
}
