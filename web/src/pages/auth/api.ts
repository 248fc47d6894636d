import { sessionResponseSchema, type SignInInput, type SignUpInput, type User } from '@common/auth';
import { api } from '../../lib/api';

export async function signUp(input: SignUpInput): Promise<User> {
  const { user } = await api.post('/api/auth/sign-up', input, sessionResponseSchema);
  return user;
}

export async function signIn(input: SignInInput): Promise<User> {
  const { user } = await api.post('/api/auth/sign-in', input, sessionResponseSchema);
  return user;
}
