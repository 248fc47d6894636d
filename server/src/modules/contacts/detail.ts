import { sql } from 'drizzle-orm';
import { CONTACT_DETAIL_LIMIT, type ContactDetail } from '@common/contacts';
import type { Db } from '../../db/client';
import { visibleSql, type Member } from '../../db/member-scope';
import { selectRows } from '../../db/select-rows';
import { getContact } from './service';

interface DealRow {
  id: string;
  name: string;
  stage: string;
  value: string | null;
  currency: string;
  pipeline_id: string;
  pipeline_name: string;
}

interface TaskRow {
  id: string;
  name: string;
  status: string;
  due_date: string | null;
  deal_name: string | null;
}

/**
 * The contact screen in one answer: the contact (404 for one the member does not see), its newest deals with their
 * pipeline, how many deals it has, and the tasks of its deals the member sees, soonest due first.
 * Deals are found through deals_contact_idx; a contact has few, so they are sorted after reading.
 */
export async function getContactDetail(db: Db, member: Member, id: string): Promise<ContactDetail> {
  const contact = await getContact(db, member, id);
  const ownDeals = sql`select d.id from deals d where d.contact_id = ${id} and ${visibleSql(member, { alias: 'd' })}`;
  // One after another: they share the request's transaction, so its one connection.
  const deals = await selectRows<DealRow>(
    db,
    sql`select d.id, d.name, d.stage, d.value::text as value, d.currency, d.pipeline_id, p.name as pipeline_name
        from deals d join pipelines p on p.id = d.pipeline_id
        where d.contact_id = ${id} and ${visibleSql(member, { alias: 'd' })}
        order by d.created_at desc, d.id desc
        limit ${CONTACT_DETAIL_LIMIT}`,
  );
  const [counted] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from (${ownDeals}) d`);
  const tasks = await selectRows<TaskRow>(
    db,
    sql`select t.id, t.name, t.status, d.name as deal_name,
          to_char(t.due_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as due_date
        from tasks t join deals d on d.id = t.deal_id
        where t.deal_id in (${ownDeals}) and ${visibleSql(member, { alias: 't', assigned: true })}
        order by t.due_date asc nulls last, t.created_at, t.id
        limit ${CONTACT_DETAIL_LIMIT}`,
  );
  return {
    contact,
    deals: deals.map((row) => ({
      id: row.id,
      name: row.name,
      stage: row.stage,
      value: row.value,
      currency: row.currency,
      pipelineId: row.pipeline_id,
      pipelineName: row.pipeline_name,
    })),
    dealCount: counted?.n ?? 0,
    tasks: tasks.map((row) => ({
      id: row.id,
      name: row.name,
      status: row.status,
      dueDate: row.due_date,
      dealName: row.deal_name,
    })),
  };
}
