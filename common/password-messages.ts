/**
 * A new password's rule and the profile screen's password and sessions sections, beyond the spec, in the style of
 * its profile messages; apart from auth-messages.ts so the sign-in page loads only its own.
 */
export const passwordMessages = {
  commonPassword: 'This password is too common. Please choose a less predictable one.',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordChanged: 'Password changed successfully',
  passwordChangeFailed: 'Failed to change password',
  otherSessionsEnded: 'Signed out of all other sessions',
  otherSessionsEndFailed: 'Failed to sign out of other sessions',
} as const;
