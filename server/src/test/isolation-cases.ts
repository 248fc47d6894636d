import { channelCases } from './isolation-cases-channels';
import { crmCases } from './isolation-cases-crm';
import { publicCases } from './isolation-cases-public';
import type { RouteCase } from './isolation-probes';
import { workspaceCases } from './isolation-cases-workspaces';

// The isolation matrix's table (isolation-matrix.test.ts): one entry per route of the server's route table.
// A signed-in route lists the calls user B makes with A's records at hand:
//  - 404: B names A's record (read, change, delete): 404, nothing of A's in the answer, A's data unchanged;
//  - 400: B links a record of their own to one of A's: refused with the field's message, nothing stored;
//  - own: B's own scope (lists, settings, creating): a 2xx with nothing of A's in it, A's data unchanged.
// The first call, sent with no session, must answer 401. A public route names why it is public instead.
// The entries live by area: the public and account routes, the CRM's records, the ways in and out, and workspaces.

export type { Probe, RouteCase } from './isolation-probes';

export const routeCases: Record<string, RouteCase> = {
  ...publicCases,
  ...crmCases,
  ...channelCases,
  ...workspaceCases,
};
