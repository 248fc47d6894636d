/** The spec's allowed values and defaults, shared by the schema's constraints, the server and the web app. */

export const activityTypes = ['call', 'email', 'meeting', 'follow_up', 'proposal', 'custom'] as const;

export const activityPriorities = ['low', 'medium', 'high'] as const;

export const activityStatuses = ['pending', 'completed'] as const;

export const bookingStatuses = ['Scheduled', 'Cancelled', 'Completed'] as const;

/** Deal currencies (part 2 §5, §9); the first is the default. */
export const dealCurrencies = ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD'] as const;

export const emailProviders = ['custom'] as const;

/** An account has an incoming server (POP3, or IMAP beyond the spec) and an SMTP server. */
export const emailServerTypes = ['pop3', 'imap', 'smtp'] as const;

/** The incoming server's types; POP3 is the spec's and the default. */
export const emailIncomingTypes = ['pop3', 'imap'] as const;

export const emailAuthMethods = ['plain', 'login', 'cram-md5'] as const;

/** Form defaults, chosen by server type (part 2 §5); the column itself has no default. */
export const defaultEmailPorts = { pop3: 995, imap: 993, smtp: 587 } as const;

/** How often an account may be checked automatically, in minutes (off when none). */
export const emailCheckIntervals = [5, 15, 30, 60] as const;
/** Where an account's 'Check Mail' job is: waiting in the queue, under way, or finished (failed: with its reason). */
export const emailCheckStates = ['queued', 'checking', 'done', 'failed'] as const;
export type EmailCheckState = (typeof emailCheckStates)[number];

/** A new pipeline starts with these stages (part 1 §4, §9). */
export const defaultPipelineStages = ['Lead', 'Contact Made', 'Proposal Sent', 'Negotiation', 'Won', 'Lost'] as const;

/** The board columns (part 2 §4); the create/edit form offers only Not Started, In Progress, Completed. */
export const projectStatuses = ['Not Started', 'Planning', 'In Progress', 'Review', 'Completed'] as const;

export const timeFormats = ['12h', '24h'] as const;

export const aiProviders = ['openai', 'anthropic', 'google'] as const;

export const taskStatuses = ['To Do', 'In Progress', 'Done'] as const;

export const defaultTaskCategoryColor = '#94A3B8';
