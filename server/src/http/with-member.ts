import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { asMember, type Member } from '../db/member-scope';

/**
 * A signed-in route's work on shared records, in one transaction as the signed-in member (`asMember`): the
 * row-level security policies then hold whatever the service's query says. The answer is sent after the commit.
 *
 * `ownTransactions`: the work is one service call whose writes are one statement or in its own `transaction`, so it
 * needs no transaction of the request's (on PostgreSQL a write of one statement is then one round trip).
 *
 * A text search (`search`, what the person typed) reads as the server's own role instead, behind the services'
 * filter alone: under row-level security PostgreSQL lets only conditions it knows leak nothing drive an index, and a
 * contains-match (ILIKE) is not one, so the trigram indexes would go unused and a search would read the whole
 * workspace (docs/decisions.md, "Row-level security").
 */
export function withMember<T>(
  req: FastifyRequest,
  work: (db: Db, member: Member) => Promise<T>,
  { search, ownTransactions }: { search?: string; ownTransactions?: boolean } = {},
): Promise<T> {
  if (search) return work(req.server.db, req.member);
  // A GET changes nothing: on PostgreSQL it reads without a transaction (`asMember`).
  const readOnly = req.method === 'GET' || req.method === 'HEAD';
  return asMember(req.server.db, req.member, (db) => work(db, req.member), { readOnly, ownTransactions });
}
