// The bench's lines of contacts: each request beside the SQL its cheapest server would run (see line.ts).
import { Cursors } from '../../server/src/http/cursor';
import { contactListName } from '../../server/src/modules/contacts/order';
import { searchContactsSql } from '../../server/src/modules/contacts/service';
import { floorOf, type Line, type LineContext } from './line';
import { soloMember } from '../../server/src/db/member-scope';

/** What a user types in the contacts' search box: a last name and the start of a number. */
const CONTACT_SEARCH_TERM = 'Thompson 42';

export function contactLines({ f, headers, apiKey, secretKey }: LineContext): Line[] {
  const { userId, deep, deepPosition } = f;
  const cursor = new Cursors(secretKey).seal([deep.name, deep.id], userId, contactListName('name', 'asc'));
  const columns = 'id, name, email, phone, company, created_at';
  return [
    {
      name: 'GET /api/contacts (first page)',
      target: { method: 'GET', path: '/api/contacts?limit=50', headers },
      floorSql: `select ${columns} from contacts where workspace_id = $1 order by name, id limit 51`,
      floorParams: [userId],
    },
    {
      // The same page through an API key (issue 30: within 10 % of the session's rate).
      name: 'GET /api/contacts (first page, API key)',
      target: { method: 'GET', path: '/api/contacts?limit=50', headers: { authorization: `Bearer ${apiKey}` } },
      floorSql: `select ${columns} from contacts where workspace_id = $1 order by name, id limit 51`,
      floorParams: [userId],
    },
    {
      name: `GET /api/contacts (page at ${deepPosition.toLocaleString('en-US')})`,
      target: { method: 'GET', path: `/api/contacts?limit=50&cursor=${encodeURIComponent(cursor)}`, headers },
      floorSql: `select ${columns} from contacts where workspace_id = $1 and (name, id) > ($2, $3::uuid) order by name, id limit 51`,
      floorParams: [userId, deep.name, deep.id],
    },
    {
      name: `GET /api/contacts (search "${CONTACT_SEARCH_TERM}")`,
      target: { method: 'GET', path: `/api/contacts?limit=50&q=${encodeURIComponent(CONTACT_SEARCH_TERM)}`, headers },
      ...floorOf(
        searchContactsSql(soloMember(userId), {
          limit: 50,
          after: null,
          sort: 'name',
          dir: 'asc',
          q: CONTACT_SEARCH_TERM,
        }),
      ),
    },
    {
      name: 'POST /api/contacts',
      target: {
        method: 'POST',
        path: '/api/contacts',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Bench Contact',
          email: 'bench.contact@example.com',
          phone: '+1 555 0100',
          company: 'Acme',
        }),
      },
      floorSql: `insert into contacts (workspace_id, user_id, name, email, phone, company) values ($1, $1, $2, $3, $4, $5) returning ${columns}`,
      floorParams: [userId, 'Bench Contact', 'bench.contact@example.com', '+1 555 0100', 'Acme'],
    },
  ];
}
