/**
 * The password reset's words (beyond the spec, in the style of its sign-in messages), in a file without zod for the
 * server's mail too; the sign-in page's link to the reset is in auth-messages.ts.
 */
export const passwordResetMessages = {
  requested:
    'If an account exists for that email, a link to reset its password is on its way. The link is valid for one hour.',
  unavailable:
    'Password reset by email is not set up on this server. Ask the person who runs it to reset your password.',
  linkInvalid: 'This reset link is invalid, used or expired. Please ask for a new one.',
  linkMissing: 'This page needs the link from the reset email. Please ask for a new one.',
  passwordReset: 'Your password has been reset. Please sign in with your new password.',
  resetFailed: 'Failed to reset password',
  requestFailed: 'Failed to send the reset link',
  mailSubject: 'Reset your Pipewise password',
} as const;

/** The reset email's text: the link, and what to do when someone else asked for it. */
export function passwordResetMailText(email: string, link: string): string {
  return [
    `Someone, hopefully you, asked to reset the password of the Pipewise account ${email}.`,
    '',
    'Choose a new password here within one hour:',
    link,
    '',
    "If it wasn't you, ignore this message: your password stays as it is.",
  ].join('\n');
}
