// The bench's lines of the whole app (health, the session, global search): each request beside the SQL its cheapest server would run (see line.ts).
import { searchSql } from '../../server/src/modules/search/service';
import { floorOf, SEARCH_TERM, type Line, type LineContext } from './line';
import { soloMember } from '../../server/src/db/member-scope';

export function coreLines({ f: { userId }, headers }: LineContext): Line[] {
  return [
    { name: 'GET /api/health', target: { method: 'GET', path: '/api/health' }, floorSql: 'select 1', floorParams: [] },
    {
      name: 'GET /api/me',
      target: { method: 'GET', path: '/api/me', headers },
      floorSql: 'select id, email, name, avatar_url from users where id = $1',
      floorParams: [userId],
    },
    {
      name: `GET /api/search (global search, "${SEARCH_TERM}")`,
      target: { method: 'GET', path: `/api/search?q=${encodeURIComponent(SEARCH_TERM)}`, headers },
      ...floorOf(searchSql(soloMember(userId), SEARCH_TERM)),
    },
  ];
}
