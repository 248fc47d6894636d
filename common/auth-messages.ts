import { sessionMessages } from './session-messages';

/** The spec's sign-in and sign-up messages, in a file without zod: the session check of every web page uses one. */
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
  commonPassword: 'This password is too common. Please choose a less predictable one.',
  // Beyond the spec, in the words of its sign-in limit.
  accountLocked: 'Too many attempts for this account. Please wait 15 minutes and try again.',
  hashingBusy: 'Too many sign-ins at once. Please try again in a moment.',
  signOutFailed: 'Could not sign out. Please try again in a moment.',
  // The profile screen's password and sessions sections, beyond the spec, in the style of its profile messages.
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordChanged: 'Password changed successfully',
  passwordChangeFailed: 'Failed to change password',
  otherSessionsEnded: 'Signed out of all other sessions',
  otherSessionsEndFailed: 'Failed to sign out of other sessions',
} as const;
