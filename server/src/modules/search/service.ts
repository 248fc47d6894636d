import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_PER_KIND, searchKinds, type SearchHit, type SearchKind, type SearchResult } from '@common/search';
import { boundedMatches } from '../../db/bounded-matches';
import type { Db } from '../../db/client';
import { visibleSql, type Member } from '../../db/member-scope';
import { tasks } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { contactSearchText } from '../contacts/service';
import { containsPattern } from '../tasks/filters';

/** Written exactly as tasks_search_trgm_idx is, so a selective term is answered by the trigram index. */
const taskSearchText = sql`(coalesce(${tasks.name}, '') || ' ' || coalesce(${tasks.description}, ''))`;

const limit = sql.raw(String(SEARCH_PER_KIND));

/**
 * How many of a kind's rows a term without a trigram is looked for in. pg_trgm takes its trigrams from runs of
 * three letters or digits: "ab", "%" or an emoji give none, and its index cannot help. Such a term is looked for
 * in the member's first rows of each kind (in the kind's order) rather than in all of them, so no string makes the
 * embedded database, one connection for everyone, read a whole table of the workspace.
 */
export const SHORT_TERM_SCAN = 1_000;

const hasTrigram = (q: string) => /[\p{L}\p{N}]{3,}/u.test(q);

/** `table`, or for a term without a trigram its first SHORT_TERM_SCAN rows of `who` in `order`, under its own name. */
function rowsOf(table: string, who: SQL, order: string, bounded: boolean): SQL {
  const name = sql.identifier(table);
  if (!bounded) return sql`${name}`;
  return sql`(select * from ${name} where ${who} order by ${sql.raw(order)} limit ${SHORT_TERM_SCAN}) as ${name}`;
}

const ordinal = (kind: SearchKind) => sql.raw(String(searchKinds.indexOf(kind)));

interface HitRow {
  kind: SearchKind;
  id: string;
  title: string;
  subtitle: string | null;
  pipeline_id: string | null;
  submissions: number | null;
}

/**
 * Each kind as one limited read, in its list's order: contacts by name (contacts_workspace_name_idx), the rest newest
 * first. A selective term is answered by the kind's trigram index, a common one by walking the workspace's ordered
 * index until enough rows match (for contacts, deals and tasks, which may have 100,000 rows, each as
 * `boundedMatches`, not by the planner's estimate), one without a trigram among the first rows only
 * (SHORT_TERM_SCAN). Every read is scoped to what the member sees.
 */
export function searchSql(member: Member, q: string): SQL {
  const pattern = containsPattern(q);
  const bounded = !hasTrigram(q);
  const own = visibleSql(member);
  // Under "own records", tasks another member assigned to this one are read apart, through their own index.
  const assigned = member.ownOnly
    ? sql`workspace_id = ${member.workspaceId} and assigned_user_id = ${member.userId} and assigned_user_id <> user_id`
    : sql`false`;
  const newest = 'created_at desc, id desc';
  const ctes: SQL[] = [];
  /**
   * A read of a kind's matches, at most a kind's worth in `order`: for a term without a trigram among the first rows
   * (`from(true)`), otherwise through the trigram index or the order's, whichever the term needs (`boundedMatches`).
   */
  const matches = (
    name: string,
    read: {
      select: string;
      from: (bounded: boolean) => SQL;
      where: SQL;
      order: string;
      /** The select list's output names, and the order by them, where `select` and `order` qualify columns. */
      names?: string;
      namesOrder?: string;
    },
  ) => {
    if (bounded) {
      return sql`select ${sql.raw(read.select)} from ${read.from(true)} where ${read.where}
        order by ${sql.raw(read.order)} limit ${limit}`;
    }
    const names = read.names ?? read.select;
    const { cte, page } = boundedMatches({
      name,
      select: sql.raw(read.select),
      names: sql.raw(names),
      from: read.from(false),
      where: read.where,
      order: sql.raw(read.order),
      namesOrder: sql.raw(read.namesOrder ?? read.order),
      limit: SEARCH_PER_KIND,
    });
    ctes.push(cte);
    return sql`select ${sql.raw(names)} from (${page}) ${sql.identifier(`${name}_page`)}`;
  };
  const contactHits = sql`select ${ordinal('contact')} as ord, row_number() over (order by name, id) as rank,
      'contact' as kind, id, name as title, nullif(concat_ws(' · ', company, coalesce(email, phone)), '') as subtitle,
      null::uuid as pipeline_id, null::int as submissions
    from (${matches('contact_matches', {
      select: 'id, name, email, company, phone',
      from: (first) => rowsOf('contacts', own, 'name, id', first),
      where: sql`${own} and ${contactSearchText} ilike ${pattern}`,
      order: 'name, id',
    })}) c`;
  // A deal matches by its name, or by its contact's (two reads, each through its own index).
  const dealColumns = 'id, name, stage, contact_id, pipeline_id, created_at';
  const dealHits = sql`select ${ordinal('deal')}, row_number() over (order by created_at desc, id desc),
      'deal', id, name,
      concat_ws(' · ', (select name from contacts where contacts.id = d.contact_id and contacts.workspace_id = ${member.workspaceId}), stage),
      pipeline_id, null::int
    from (
      (${matches('deal_matches', {
        select: dealColumns,
        from: (first) => rowsOf('deals', own, newest, first),
        where: sql`${own} and name ilike ${pattern}`,
        order: newest,
      })})
      union
      (${matches('deal_contact_matches', {
        select: 'deals.id, deals.name, deals.stage, deals.contact_id, deals.pipeline_id, deals.created_at',
        names: dealColumns,
        from: (first) => sql`${rowsOf('deals', own, newest, first)} join contacts on contacts.id = deals.contact_id`,
        where: sql`contacts.workspace_id = ${member.workspaceId} and ${visibleSql(member, { alias: 'deals' })}
          and ${contactSearchText} ilike ${pattern}`,
        order: 'deals.created_at desc, deals.id desc',
        namesOrder: newest,
      })})
      order by created_at desc, id desc limit ${limit}
    ) d`;
  const projectHits = sql`select ${ordinal('project')}, row_number() over (order by created_at desc, id desc),
      'project', id, name, status, null::uuid, null::int
    from (
      select id, name, status, created_at from ${rowsOf('projects', own, newest, bounded)}
      where ${own} and name ilike ${pattern}
      order by created_at desc, id desc limit ${limit}
    ) p`;
  // The tasks the member sees, then (under "own records") those another member assigned to them: two index reads
  // rather than one OR.
  const taskHits = sql`select ${ordinal('task')}, row_number() over (order by created_at desc, id desc),
      'task', id, name, status, null::uuid, null::int
    from (
      (${matches('task_matches', {
        select: 'id, name, status, created_at',
        from: (first) => rowsOf('tasks', own, newest, first),
        where: sql`${own} and ${taskSearchText} ilike ${pattern}`,
        order: newest,
      })})
      union all
      (select id, name, status, created_at from ${rowsOf('tasks', assigned, newest, bounded)}
        where ${assigned} and ${taskSearchText} ilike ${pattern}
        order by created_at desc, id desc limit ${limit})
      order by created_at desc, id desc limit ${limit}
    ) t`;
  const formHits = sql`select ${ordinal('form')}, row_number() over (order by created_at desc, id desc),
      'form', id, name, null::text, null::uuid, submission_count
    from (
      select id, name, submission_count, created_at from ${rowsOf('forms', own, newest, bounded)}
      where ${own} and name ilike ${pattern}
      order by created_at desc, id desc limit ${limit}
    ) f`;
  const withMatches = ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ` : sql``;
  return sql`${withMatches}select kind, id, title, subtitle, pipeline_id, submissions from (
      ${contactHits} union all ${dealHits} union all ${projectHits} union all ${taskHits} union all ${formHits}
    ) hits
    order by ord, rank`;
}

const submissions = (count: number | null) =>
  count ? `${count.toLocaleString('en-US')} ${count === 1 ? 'submission' : 'submissions'}` : null;

function linkOf(row: HitRow): string {
  const id = encodeURIComponent(row.id);
  switch (row.kind) {
    case 'contact':
      return `/app/contacts/${id}`;
    case 'deal':
      return `/app/deals?pipeline=${encodeURIComponent(row.pipeline_id ?? '')}&deal=${id}`;
    case 'project':
      return `/app/projects?project=${id}`;
    case 'task':
      return `/app/tasks?task=${id}`;
    case 'form':
      return `/app/forms?form=${id}`;
  }
}

function toHit(row: HitRow): SearchHit {
  return {
    kind: row.kind,
    id: row.id,
    title: row.title,
    subtitle: row.kind === 'form' ? submissions(row.submissions) : row.subtitle,
    link: linkOf(row),
  };
}

/** The contacts, deals, projects, tasks and forms the member sees containing `q`, in one round trip. */
export async function search(db: Db, member: Member, q: string): Promise<SearchResult> {
  const rows = await selectRows<HitRow>(db, searchSql(member, q));
  return { items: rows.map(toHit) };
}
