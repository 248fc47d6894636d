import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { WorkspaceRole } from '@common/workspaces';
import { finishImports } from './contact-import-kit';
import { routeCases } from './isolation-cases';
import { get, post, type Probe, type RouteCase } from './isolation-probes';
import { aReads, type ReadKey } from './isolation-reads';
import { send } from './isolation-requests';
import { refusalOf } from './isolation-roles';
import { TEAM_MARKER, type Team } from './isolation-team';
import { MARKER, worldSecrets, type World } from './isolation-world';
import type { UserClient } from './test-app';

// The walks of the isolation matrix: one user sends every signed-in route's calls of the table (isolation-cases.ts)
// with A's records at hand. B walks as the Owner of another workspace (isolation-matrix.test.ts); with the teams
// (isolation-team.ts), Dee walks as a Member of workspace 2 who is an Admin of A's, and Olive as a Member of A's
// workspace on "own records". A role refused a route (isolation-roles.ts) gets 403 with its message on every call.

export interface Walker {
  client: UserClient;
  /** The walker's role in the workspace they work in. */
  role: WorkspaceRole;
  /** The world as the cases read it: `b` is the walker; `bPipelineId` and `bChatbotId` are of their workspace. */
  world: World;
  /** Ids and markers the walker's answers must not hold; a marker may stand in an `allowed` phrase. */
  secrets: string[];
  allowed: string[];
  /** The routes whose calls differ for this walker, each with why: other calls, or none (`probes` left out). */
  overrides: Record<string, { why: string; probes?: () => Probe[] }>;
  /** What of A's data the walker's calls leave as it was (A's reads of the walker's own name and records aside). */
  unchanged: ReadKey[];
}

const allOfA = Object.keys(aReads) as ReadKey[];
/** A's reads without the lists that name the workspace's members: a walker in A's workspace renames themselves. */
const allButMembers = allOfA.filter((key) => key !== 'members' && key !== 'people');

/** What of the walker's secrets a body holds. */
export function leaksIn(body: string, walker: Pick<Walker, 'secrets' | 'allowed'>): string[] {
  let text = body;
  for (const phrase of walker.allowed) text = text.replaceAll(phrase, '');
  return walker.secrets.filter((secret) => text.includes(secret));
}

/** The walker's calls of a route, each with its answer: the table's, overridden, then refused by role. */
export function callsOf(walker: Walker, key: string, c: Extract<RouteCase, { probes: unknown }>): Probe[] {
  const override = walker.overrides[key];
  const probes = override ? (override.probes?.() ?? []) : c.probes(walker.world);
  const refusal = refusalOf(key, walker.role);
  return refusal ? probes.map((probe) => ({ ...probe, expect: 403, error: refusal })) : probes;
}

/** Sends the walker's calls of a route and checks each answer: its status, its error, nothing of the secrets. */
export async function walkRoute(app: FastifyInstance, walker: Walker, probes: Probe[]): Promise<void> {
  for (const probe of probes) {
    const res = await send(app, walker.client.cookie, probe);
    const label = `${probe.method} ${probe.url} → ${res.statusCode} ${res.body.slice(0, 300)}`;
    if (probe.expect === 'own') expect(res.statusCode, label).toBeLessThan(300);
    else {
      expect(res.statusCode, label).toBe(probe.expect);
      expect(res.json().error, label).toBeTypeOf('string');
      if (probe.error) expect(res.json().error, label).toBe(probe.error);
    }
    expect(leaksIn(res.body, walker), label).toEqual([]);
  }
  // An import's rows are written by its job: worked now, so what A's data must still be is checked after them.
  await finishImports(app);
}

/** B, the Owner of another workspace: nothing of A's at all. */
export function ownerOfAnother(w: World): Walker {
  return {
    client: w.b,
    role: 'owner',
    world: w,
    secrets: [MARKER, ...worldSecrets(w)],
    allowed: [],
    overrides: {},
    unchanged: allOfA,
  };
}

/** The ids of workspace 1's records of the teams: A's for Olive, Olive's own and what A assigned her, Dee's. */
const teamIdsOfW1 = (team: Team) => [
  ...Object.values(team.olive$),
  ...Object.values(team.assigned),
  team.aTaskInOliveProjectId,
  ...Object.values(team.dee$),
];

/**
 * Dee: a Member of workspace 2, where she works, and an Admin of A's workspace, where she owns records. She may know
 * workspace 1 is hers (the switcher names it); nothing of its records, and her Admin's role there gives her nothing.
 */
export function memberOfAnother(w: World, team: Team): Walker {
  return {
    client: team.dee,
    role: 'member',
    world: { ...w, b: team.dee },
    secrets: [MARKER, TEAM_MARKER, ...worldSecrets(w).filter((id) => id !== w.workspaceId), ...teamIdsOfW1(team)],
    allowed: [`${MARKER} workspace`],
    unchanged: allButMembers,
    overrides: {
      'POST /api/workspaces/current': {
        why: 'she may switch to workspace 1, hers too (workspaces.test.ts): here to one not hers, and to her own',
        probes: () => [
          post('/api/workspaces/current', { workspaceId: team.olive.id }, 404),
          post('/api/workspaces/current', { workspaceId: team.w2.workspaceId }, 'own'),
        ],
      },
      'POST /api/workspace/leave': { why: 'a Member may leave (workspaces.test.ts): the walk needs her in it' },
    },
  };
}

/**
 * Olive: a Member of A's workspace on "own records". She knows the workspace, its people and its pipeline (pipelines
 * are the workspace's, decisions.md); of A's and Dee's records, nothing: each is a 404, as another workspace's.
 */
export function ownRecordsMember(w: World, team: Team): Walker {
  const known = new Set([w.a.id, w.pipelineId, w.workspaceId]);
  return {
    client: team.olive,
    role: 'member',
    world: { ...w, b: team.olive, bPipelineId: w.pipelineId, bChatbotId: team.olive$.chatbotId },
    secrets: [
      MARKER,
      ...worldSecrets(w).filter((id) => !known.has(id)),
      ...Object.values(team.dee$),
      team.aTaskInOliveProjectId,
      w.bPipelineId,
      w.bChatbotId,
      ...Object.values(team.w2),
    ],
    allowed: [`${MARKER} Ann`, `${MARKER} pipeline`, `${MARKER} workspace`],
    // Her own contacts and categories join the workspace's lists.
    unchanged: allButMembers.filter((key) => key !== 'contacts' && key !== 'categories'),
    overrides: {
      'GET /api/deals/board': {
        why: 'the workspace’s pipeline is hers to work in: its board shows her deals only',
        probes: () => [get(`/api/deals/board?pipelineId=${w.pipelineId}`)],
      },
      'GET /api/deals': {
        why: 'the workspace’s pipeline is hers: a column of it shows her deals only',
        probes: () => [get(`/api/deals?pipelineId=${w.pipelineId}&stage=${w.stages[0]}`)],
      },
      'POST /api/deals': {
        why: 'she puts deals in the workspace’s pipeline, not another workspace’s, with no contact she does not see',
        probes: () => [
          post('/api/deals', { name: 'Olive deal', pipelineId: w.pipelineId, stage: w.stages[0] }),
          post('/api/deals', { name: 'Olive deal', pipelineId: w.bPipelineId, stage: 'Lead' }, 400),
          post(
            '/api/deals',
            { name: 'Olive deal', pipelineId: w.pipelineId, stage: 'Lead', contactId: w.contactId },
            400,
          ),
        ],
      },
      'POST /api/workspaces/current': {
        why: 'workspace 1 is hers: to another, not found; to her current one, as it was',
        probes: () => [
          post('/api/workspaces/current', { workspaceId: team.w2.workspaceId }, 404),
          post('/api/workspaces/current', { workspaceId: w.workspaceId }, 'own'),
        ],
      },
      'POST /api/workspace/leave': { why: 'a Member may leave (workspaces.test.ts): the walk needs her in it' },
    },
  };
}

/** The table's signed-in routes, each with its case. */
export const signedInCases = Object.entries(routeCases).flatMap(([key, c]) => ('probes' in c ? [{ key, c }] : []));
