import { sessionMessages } from './session-messages';

/** The spec's sign-in and sign-up messages, in a file without zod: the sign-in page is a public one. */
export const authMessages = {
  alreadyRegistered: 'This email is already registered. Please sign in or use a different email.',
  signUpFailed: 'Failed to create account',
  invalidCredentials: 'Invalid email or password',
  authenticationFailed: 'Authentication failed',
  profileCreateFailed: 'Failed to create user profile',
  profileLoadFailed: sessionMessages.profileLoadFailed,
  accountCreated: 'Account created successfully!',
  signedIn: 'Signed in successfully!',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  // Beyond the spec, in the words of its sign-in limit.
  accountLocked: 'Too many attempts for this account. Please wait 15 minutes and try again.',
  hashingBusy: 'Too many sign-ins at once. Please try again in a moment.',
  signOutFailed: 'Could not sign out. Please try again in a moment.',
  forgotPassword: 'Forgot password?',
} as const;
