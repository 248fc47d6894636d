import { z } from 'zod';

/**
 * API keys (issue 30): a member's key to the REST API, sent as `Authorization: Bearer <key>`. It acts as its
 * member, in its workspace only, within its scopes: per area, `read` or `write`; an area left out is none.
 */
export const apiKeyAreas = ['contacts', 'deals', 'tasks', 'calendar', 'forms', 'chatbots'] as const;
export type ApiKeyArea = (typeof apiKeyAreas)[number];

export const apiKeyAccessLevels = ['read', 'write'] as const;
export type ApiKeyAccess = (typeof apiKeyAccessLevels)[number];

/** What each area covers, as the screen names it. */
export const apiKeyAreaLabels: Record<ApiKeyArea, string> = {
  contacts: 'Contacts',
  deals: 'Deals and pipelines',
  tasks: 'Projects and tasks',
  calendar: 'Calendar and bookings',
  forms: 'Forms',
  chatbots: 'Chatbots',
};

/** The lifetimes a new key may have, in days; null is "never expires". */
export const apiKeyExpiryDays = [30, 90, 365] as const;

/** Keys a member may hold in one workspace. */
export const API_KEYS_PER_MEMBER = 50;

/** Every key starts with this, so a key pasted somewhere it should not be is recognisable. */
export const API_KEY_PREFIX = 'pw_';

/** The characters of a key the list shows: the prefix and the first 8 of the secret. */
export const API_KEY_SHOWN_LENGTH = API_KEY_PREFIX.length + 8;

export const apiKeyMessages = {
  // Refusals of a request sent with a key.
  invalidKey: 'Invalid API key: it is unknown, expired or revoked',
  notBearer: 'Send the API key as "Authorization: Bearer <key>"',
  notForKeys: 'This route cannot be used with an API key: sign in to the app',
  tooManyRequests: 'Too many requests with this API key: try again in a minute',
  // The management routes' and the screen's words.
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters',
  expiryInvalid: 'Choose 30, 90 or 365 days, or no expiry',
  scopesRequired: 'Choose access to at least one area',
  scopeInvalid: 'Choose None, Read or Read and write',
  tooManyKeys: `You can have at most ${API_KEYS_PER_MEMBER} API keys: revoke one first`,
  title: 'API Keys',
  description: 'Let your other tools read and change your CRM through the REST API.',
  create: 'Create API key',
  created: 'API key created',
  createFailed: 'Failed to create API key',
  loadFailed: 'Failed to load API keys',
  empty: 'No API keys yet. Click Create API key to make one.',
  revoke: 'Revoke',
  revoked: 'API key revoked',
  revokeFailed: 'Failed to revoke API key',
  revokeConfirm: 'Revoke this API key?',
  revokeConfirmDetail: 'Every tool using it is refused at once. This cannot be undone.',
  secretTitle: 'Your new API key',
  secretWarning: 'Copy this key now: it will not be shown again.',
  secretLabel: 'API key',
  copied: 'API key copied',
  copyLabel: 'Copy API key',
  loading: 'Loading API keys',
  usage: 'Send it as the header Authorization: Bearer <key>.',
  done: 'Done',
  nameLabel: 'Name',
  expiryLabel: 'Expires',
  accessLegend: 'Access',
  never: 'Never',
  noExpiry: 'No expiry',
  lastUsed: 'Last used',
  createdLabel: 'Created',
  none: 'None',
  read: 'Read',
  write: 'Read and write',
} as const;

/** The refusal of a key outside its scopes, naming the area. */
export const outOfScope = (area: ApiKeyArea, access: ApiKeyAccess) =>
  `This API key cannot ${access === 'write' ? 'change' : 'read'} ${areaNoun[area]}.`;

const areaNoun: Record<ApiKeyArea, string> = {
  contacts: 'contacts',
  deals: 'deals',
  tasks: 'projects and tasks',
  calendar: 'the calendar',
  forms: 'forms',
  chatbots: 'chatbots',
};

const access = z.enum(apiKeyAccessLevels, { message: apiKeyMessages.scopeInvalid });

/** Per area, `read` or `write`; an area left out is none. No other key is taken. */
export const apiKeyScopesSchema = z.strictObject(
  {
    contacts: access.optional(),
    deals: access.optional(),
    tasks: access.optional(),
    calendar: access.optional(),
    forms: access.optional(),
    chatbots: access.optional(),
  } satisfies Record<ApiKeyArea, z.ZodOptional<typeof access>>,
  { message: apiKeyMessages.scopesRequired },
);
export type ApiKeyScopes = Partial<Record<ApiKeyArea, ApiKeyAccess>>;

export const apiKeyInputSchema = z.strictObject({
  name: z
    .string({ message: apiKeyMessages.nameRequired })
    .trim()
    .min(1, apiKeyMessages.nameRequired)
    .max(100, apiKeyMessages.nameTooLong),
  expiresInDays: z
    .union([z.literal(30), z.literal(90), z.literal(365), z.null()], { message: apiKeyMessages.expiryInvalid })
    .default(null),
  scopes: apiKeyScopesSchema.refine((scopes) => Object.values(scopes).some(Boolean), {
    message: apiKeyMessages.scopesRequired,
  }),
});
export type ApiKeyInput = z.input<typeof apiKeyInputSchema>;

export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The key's first characters, to tell keys apart; never the secret. */
  prefix: z.string(),
  scopes: z.record(z.string(), z.enum(apiKeyAccessLevels)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });

/** The answer of a creation: the key's whole secret, this once. */
export const createdApiKeySchema = apiKeySchema.extend({ secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** The area an API route belongs to, by its first segment after /api; null for a route no key may call. */
const areaOfSegment: Record<string, ApiKeyArea> = {
  contacts: 'contacts',
  deals: 'deals',
  pipelines: 'deals',
  projects: 'tasks',
  tasks: 'tasks',
  'task-categories': 'tasks',
  calendar: 'calendar',
  bookings: 'calendar',
  forms: 'forms',
  chatbots: 'chatbots',
};

/**
 * Routes inside an area that still refuse a key: the calendar feed's secret address and the CalDAV account
 * (personal settings), and a record's mail (mail is personal and never a key's).
 */
const notForKeys = new Set([
  '/api/calendar/integration',
  '/api/calendar/integration/token',
  '/api/calendar/integration/caldav',
  '/api/calendar/integration/caldav/test',
  '/api/contacts/:id/emails',
  '/api/deals/:id/emails',
]);

/** The area of a route pattern (`/api/contacts/:id`), or null when no key may call it. */
export function apiKeyAreaOf(routePath: string): ApiKeyArea | null {
  if (notForKeys.has(routePath)) return null;
  const [empty, api, segment] = routePath.split('/');
  if (empty !== '' || api !== 'api' || !segment) return null;
  return areaOfSegment[segment] ?? null;
}

/** The access a method needs: reads need `read` (or `write`), everything else `write`. */
export const accessNeeded = (method: string): ApiKeyAccess =>
  method === 'GET' || method === 'HEAD' ? 'read' : 'write';

/** Whether scopes grant `needed` on `area`. */
export const grants = (scopes: ApiKeyScopes, area: ApiKeyArea, needed: ApiKeyAccess): boolean =>
  scopes[area] === 'write' || (needed === 'read' && scopes[area] === 'read');

/** The create dialog's choices, as its selects hold them. */
export const apiKeyExpiryChoices = ['30', '90', '365', 'never'] as const;
export const apiKeyAreaChoices = ['none', 'read', 'write'] as const;

const areaChoice = z.enum(apiKeyAreaChoices, { message: apiKeyMessages.scopeInvalid });

/** The create dialog's form: its selects' values, made into the route's body. */
export const apiKeyFormSchema = z
  .object({
    name: apiKeyInputSchema.shape.name,
    expiry: z.enum(apiKeyExpiryChoices, { message: apiKeyMessages.expiryInvalid }),
    scopes: z
      .object({
        contacts: areaChoice,
        deals: areaChoice,
        tasks: areaChoice,
        calendar: areaChoice,
        forms: areaChoice,
        chatbots: areaChoice,
      })
      .refine((scopes) => Object.values(scopes).some((choice) => choice !== 'none'), {
        message: apiKeyMessages.scopesRequired,
      }),
  })
  .transform(({ name, expiry, scopes }) => ({
    name,
    expiresInDays: expiry === 'never' ? null : (Number(expiry) as 30 | 90 | 365),
    scopes: Object.fromEntries(Object.entries(scopes).filter(([, choice]) => choice !== 'none')),
  }));
export type ApiKeyFormValues = z.input<typeof apiKeyFormSchema>;
