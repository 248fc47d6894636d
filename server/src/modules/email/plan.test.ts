import { sql, type SQLWrapper } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../../db/select-rows';
import { buildTestApp, signUp } from '../../test/test-app';
import { addressEmailsQuery, listEmailsQuery } from './service';

// The folder lists and a contact's mail are read a keyset page at a time through their indexes, never sorted,
// however much mail the user has (docs/adding-an-area.md, "Lists").

const explain = async (db: Parameters<typeof selectRows>[0], query: SQLWrapper) =>
  (await selectRows<{ 'QUERY PLAN': string }>(db, sql`explain ${query}`)).map((row) => row['QUERY PLAN']).join('\n');

describe('email list plans', () => {
  it('read the first and a deep page of each view and of a contact’s mail through their indexes without sorting', async () => {
    // A database of its own: other tests' skewed users would sway the planner here.
    const own = await buildTestApp();
    try {
      const db = own.database.db;
      const user = await signUp(own.app, 'plan');
      const other = await signUp(own.app, 'other');
      const folders: string[] = [];
      for (const owner of [user, other]) {
        const [folder] = await selectRows<{ id: string }>(
          db,
          sql`insert into email_folders (user_id, name) values (${owner.id}, 'Filed') returning id`,
        );
        folders.push(folder!.id);
        // 6,000 messages a user: most in the inbox, some sent, in spam, in trash and filed; every tenth starred; a
        // third from one busy correspondent.
        await db.execute(sql`insert into email_messages
            (user_id, direction, folder, custom_folder_id, is_starred, from_address, subject, text_body, received_at)
          select ${owner.id}, case when n % 10 = 1 then 'out' else 'in' end,
            case n % 10 when 1 then 'sent' when 2 then 'spam' when 3 then 'trash' else 'inbox' end,
            case when n % 10 in (4, 6) then ${folder!.id}::uuid end,
            n % 10 = 5, case when n % 3 = 0 then 'busy@example.com' else 'p' || (n % 40) || '@example.com' end, 'Subject ' || n, 'Body ' || n,
            now() - n * interval '1 second'
          from generate_series(1, 6000) n`);
      }
      await db.execute(sql`insert into email_message_addresses (message_id, user_id, address, received_at)
        select id, user_id, from_address, received_at from email_messages`);
      await db.execute(sql`analyze email_messages`);
      await db.execute(sql`analyze email_message_addresses`);

      const deepKey = async (where: ReturnType<typeof sql>) => {
        const [row] = await selectRows<{ key: string; id: string }>(
          db,
          sql`select to_char(received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as key, id
            from email_messages where user_id = ${user.id} and ${where}
            order by received_at desc, id desc offset 50 limit 1`,
        );
        return [row!.key, row!.id] as [string, string];
      };
      const inboxDeep = await deepKey(sql`folder = 'inbox' and custom_folder_id is null`);
      const filedDeep = await deepKey(sql`custom_folder_id is not null`);
      const starredDeep = await deepKey(sql`is_starred and folder <> 'trash'`);
      const addressDeep = await deepKey(sql`from_address = 'busy@example.com'`);
      const list = (view: Parameters<typeof listEmailsQuery>[2]['view'], before: [string, string] | null) =>
        listEmailsQuery(db, user.id, { view, limit: 50, before });

      const cases: Array<[string, SQLWrapper]> = [
        ['email_messages_user_folder_received_idx', list({ folder: 'inbox' }, null)],
        ['email_messages_user_folder_received_idx', list({ folder: 'inbox' }, inboxDeep)],
        ['email_messages_user_folder_received_idx', list({ folder: 'trash' }, null)],
        ['email_messages_custom_folder_received_idx', list({ customFolderId: folders[0]! }, null)],
        ['email_messages_custom_folder_received_idx', list({ customFolderId: folders[0]! }, filedDeep)],
        ['email_messages_user_starred_idx', list({ folder: 'starred' }, null)],
        ['email_messages_user_starred_idx', list({ folder: 'starred' }, starredDeep)],
        ['email_message_addresses_user_address_idx', addressEmailsQuery(db, user.id, 'Busy@example.com', 50, null)],
        [
          'email_message_addresses_user_address_idx',
          addressEmailsQuery(db, user.id, 'busy@example.com', 50, addressDeep),
        ],
      ];
      for (const [index, query] of cases) {
        const plan = await explain(db, query);
        expect(plan, plan).toMatch(
          new RegExp(`Limit[^\\n]*\\n(\\s*->\\s+Nested Loop[^\\n]*\\n)?\\s*->\\s+Index (Only )?Scan using ${index}`),
        );
        expect(plan, plan).not.toMatch(/Sort|Seq Scan|Bitmap Heap Scan/);
      }
    } finally {
      await own.close();
    }
    // A database of its own starts and migrates inside the test: minutes, not seconds, on a busy machine.
  }, 180_000);
});
