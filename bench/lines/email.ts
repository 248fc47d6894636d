// The bench's lines of the mailbox: each request beside the SQL its cheapest server would run (see line.ts).
import { listEmailsQuery } from '../../server/src/modules/email/service';
import { builder, builtFloor, count, SEARCH_TERM, type Line, type LineContext } from './line';

export function emailLines({ f: { userId }, size, headers }: LineContext): Line[] {
  return [
    {
      name: `GET /api/email/messages (inbox, first page of ${count(size.emails * 0.8)})`,
      target: { method: 'GET', path: '/api/email/messages?folder=inbox&limit=50', headers },
      ...builtFloor(listEmailsQuery(builder, userId, { view: { folder: 'inbox' }, limit: 50, before: null })),
    },
    {
      name: `GET /api/email/messages (search "${SEARCH_TERM}")`,
      target: {
        method: 'GET',
        path: `/api/email/messages?folder=inbox&limit=50&q=${encodeURIComponent(SEARCH_TERM)}`,
        headers,
      },
      ...builtFloor(
        listEmailsQuery(builder, userId, { view: { folder: 'inbox' }, limit: 50, before: null, q: SEARCH_TERM }),
      ),
    },
  ];
}
