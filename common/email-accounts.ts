import { z } from 'zod';
import {
  defaultEmailPorts,
  emailAuthMethods,
  emailCheckIntervals,
  emailIncomingTypes,
  emailServerTypes,
} from './constants';

export type EmailServerType = (typeof emailServerTypes)[number];
export type EmailIncomingType = (typeof emailIncomingTypes)[number];
export type EmailAuthMethod = (typeof emailAuthMethods)[number];
export type EmailCheckInterval = (typeof emailCheckIntervals)[number];

/**
 * An account's two server settings, by their JSON keys: the incoming server under the spec's key `pop3` (its
 * type, POP3 or IMAP, is the account's `incomingType`) and the SMTP server.
 */
export const emailAccountServerKeys = ['pop3', 'smtp'] as const;
export type EmailAccountServerKey = (typeof emailAccountServerKeys)[number];

export const emailAccountMessages = {
  loadFailed: 'Failed to load email accounts',
  saveFailed: 'Failed to save email configuration',
  added: 'Email account added successfully',
  // Beyond the spec (its Edit does nothing; we make it work, and delete), in its toast style.
  updated: 'Email account updated successfully',
  deleted: 'Email account deleted',
  deleteFailed: 'Failed to delete email account',
  deleteConfirm: 'Are you sure you want to delete this email account?',
  deleteConfirmDetail: 'Its server settings are removed. This action cannot be undone.',
  empty: 'No email accounts yet. Click Add Email Account to connect one.',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  hostRequired: 'Server host is required',
  hostInvalid: 'Server host must be a host name or an IP address',
  portRequired: 'Port is required',
  portInvalid: 'Port must be a number from 1 to 65535',
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  passwordAgain: 'Enter the password again for the new server settings',
  authMethodInvalid: 'Choose plain, login or cram-md5',
  incomingTypeInvalid: 'Choose POP3 or IMAP',
  checkEveryInvalid: 'Choose Off or every 5, 15, 30 or 60 minutes',
  tooMany: 'You can connect at most 20 email accounts',
  allowUnencrypted: 'Allow an unencrypted connection',
  allowUnencryptedWarning:
    'Only for a server without SSL/TLS or STARTTLS: your password and mail could then be read by anyone on the network between.',
} as const;

/** Accounts are listed whole, like pipelines: a person connects a handful. */
export const MAX_EMAIL_ACCOUNTS = 20;

export const emailServerLabels: Record<EmailServerType, string> = { pop3: 'POP3', imap: 'IMAP', smtp: 'SMTP' };
export const emailAuthMethodLabels: Record<EmailAuthMethod, string> = {
  plain: 'Plain',
  login: 'Login',
  'cram-md5': 'CRAM-MD5',
};
export { defaultEmailPorts, emailCheckIntervals, emailIncomingTypes };

/** "Check automatically": Off, or "Every 15 minutes". */
export const emailCheckLabel = (minutes: EmailCheckInterval | null) =>
  minutes === null ? 'Off' : `Every ${minutes} minutes`;

const required = (message: string, max: number) =>
  z.string({ message }).trim().min(1, { message, abort: true }).max(max, `Must be at most ${max} characters`);

/** What a saved password is tied to: the server it goes to, and how it gets there. */
export interface ServerConnection {
  host: string;
  port: number;
  username: string;
  useSsl: boolean;
  authMethod: EmailAuthMethod;
  /** The account's "Allow an unencrypted connection". */
  allowUnencrypted: boolean;
}

/**
 * Whether an edit must carry the server's password again: its host, port, user name, SSL/TLS or auth method
 * changed, or an unencrypted connection became allowed for it. The stored password must not follow the settings
 * elsewhere: whoever could change them (a stolen session) would otherwise have it sent to a server of theirs.
 */
export function needsPasswordAgain(stored: ServerConnection, next: ServerConnection): boolean {
  const host = (value: string) => value.trim().replace(/\.$/, '').toLowerCase();
  return (
    host(stored.host) !== host(next.host) ||
    stored.port !== next.port ||
    stored.username.trim() !== next.username.trim() ||
    stored.useSsl !== next.useSsl ||
    stored.authMethod !== next.authMethod ||
    (next.allowUnencrypted && !stored.allowUnencrypted && !next.useSsl)
  );
}

/** One server's settings; `password` may be left out on edit to keep the stored one ("unchanged"). */
export const emailServerInputSchema = z.object({
  host: required(emailAccountMessages.hostRequired, 253).regex(
    /^[A-Za-z0-9.:[\]-]+$/,
    emailAccountMessages.hostInvalid,
  ),
  port: z
    .number({ message: emailAccountMessages.portRequired })
    .int(emailAccountMessages.portInvalid)
    .min(1, emailAccountMessages.portInvalid)
    .max(65535, emailAccountMessages.portInvalid),
  username: required(emailAccountMessages.usernameRequired, 254),
  password: z
    .string()
    .max(500, 'Must be at most 500 characters')
    .optional()
    .transform((value) => value || undefined),
  useSsl: z.boolean().default(true),
  authMethod: z.enum(emailAuthMethods, { message: emailAccountMessages.authMethodInvalid }).default('plain'),
});
export type EmailServerInput = z.input<typeof emailServerInputSchema>;

/**
 * POST /api/email-accounts (both passwords required: 'Password is required', answered by the server) and
 * PUT /api/email-accounts/:id (a password left out keeps the stored one). The account and its POP3 and SMTP rows
 * are written in one transaction.
 */
export const emailAccountInputSchema = z.object({
  email: z
    .string({ message: emailAccountMessages.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, emailAccountMessages.emailRequired)
    .max(254, 'Must be at most 254 characters')
    .pipe(z.email(emailAccountMessages.emailInvalid)),
  /** The incoming server's type (beyond the spec: IMAP); its settings stay under `pop3`. */
  incomingType: z.enum(emailIncomingTypes, { message: emailAccountMessages.incomingTypeInvalid }).default('pop3'),
  pop3: emailServerInputSchema,
  smtp: emailServerInputSchema,
  /** Minutes between automatic checks, or null: off (the default). */
  checkEveryMinutes: z
    .literal(emailCheckIntervals, { message: emailAccountMessages.checkEveryInvalid })
    .nullable()
    .default(null),
  /**
   * A server without SSL/TLS that offers no STARTTLS may be used in clear; off (the default), every auth method
   * requires TLS or STARTTLS, and a server that does not offer it is refused with the reason.
   */
  allowUnencrypted: z.boolean().default(false),
});
export type EmailAccountInput = z.input<typeof emailAccountInputSchema>;

const requiredPassword = z
  .string({ message: emailAccountMessages.passwordRequired })
  .min(1, emailAccountMessages.passwordRequired)
  .max(500, 'Must be at most 500 characters');

/** POST /api/email-accounts and the Add modal: as `emailAccountInputSchema`, with both passwords required. */
export const emailAccountCreateSchema = emailAccountInputSchema.extend({
  pop3: emailServerInputSchema.extend({ password: requiredPassword }),
  smtp: emailServerInputSchema.extend({ password: requiredPassword }),
});

export const emailServerSchema = z.object({
  host: z.string(),
  port: z.number().int(),
  username: z.string(),
  /** Always "••••••••": a password is stored, and none of its characters is shown (decisions.md item 5). */
  passwordMasked: z.string(),
  useSsl: z.boolean(),
  authMethod: z.enum(emailAuthMethods),
});
export type EmailServer = z.infer<typeof emailServerSchema>;

export const emailAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  provider: z.string(),
  createdAt: z.string(),
  incomingType: z.enum(emailIncomingTypes),
  /** The incoming server, POP3 or IMAP as `incomingType` says. */
  pop3: emailServerSchema,
  smtp: emailServerSchema,
  checkEveryMinutes: z.literal(emailCheckIntervals).nullable(),
  allowUnencrypted: z.boolean(),
  /** ISO timestamp of the last check, by 'Check Mail' or automatically; null before the first. */
  lastCheckedAt: z.string().nullable(),
  /** Why the last check failed, as the user reads it; null when it succeeded. */
  lastCheckError: z.string().nullable(),
});
export type EmailAccount = z.infer<typeof emailAccountSchema>;

/** GET /api/email-accounts: every account of the user, oldest first (at most MAX_EMAIL_ACCOUNTS). */
export const emailAccountListSchema = z.object({ items: z.array(emailAccountSchema) });
