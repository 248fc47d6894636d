import type { SignInInput, SignUpInput, User } from '@common/auth';
import type { authApi } from '@common/auth-api';
import { authRoutes } from '@common/auth-routes';
import { send } from '../../lib/api';
import { sessionResponse } from '../../lib/session-response';

export async function signUp(input: SignUpInput): Promise<User> {
  const { user } = sessionResponse.parse(await send<typeof authApi.signUp>(authRoutes.signUp, { body: input }));
  return user;
}

export async function signIn(input: SignInInput): Promise<User> {
  const { user } = sessionResponse.parse(await send<typeof authApi.signIn>(authRoutes.signIn, { body: input }));
  return user;
}
