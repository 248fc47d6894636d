import { expect } from 'vitest';
import type { Task, TaskBoard, TaskFilter } from '@common/tasks';
import type { Db } from '../db/client';
import { tasks } from '../db/schema';
import type { UserClient } from './test-app';

// Helpers of the task list's tests (modules/tasks/list.test.ts, list-pages.test.ts): the list and the board asked for
// with their filters, and tasks written straight into the table.

export interface TaskPage {
  items: Task[];
  nextCursor: string | null;
}

export type Query = Partial<Record<keyof TaskFilter | 'limit' | 'cursor', string>>;
export const qs = (query: Query) => new URLSearchParams(query).toString();

export const list = (user: UserClient, query: Query) => user.get(`/api/tasks?${qs(query)}`);

/** The ids of the listed tasks (one page of up to 200), sorted. */
export async function listIds(user: UserClient, query: Query): Promise<string[]> {
  const res = await list(user, { limit: '200', ...query });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<TaskPage>()
    .items.map((task) => task.id)
    .sort();
}

/** The task board's columns and counts. */
export async function board(user: UserClient, query: Query = {}): Promise<TaskBoard> {
  const res = await user.get(`/api/tasks/board?${qs(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every page of a list from `cursor` on, checking each answers 200. */
export async function pageThrough(
  user: UserClient,
  query: Query,
  cursor: string | null,
  seen: Task[],
): Promise<number> {
  let pages = 0;
  while (cursor) {
    const res = await list(user, { ...query, cursor });
    expect(res.statusCode, res.body).toBe(200);
    const page: TaskPage = res.json();
    seen.push(...page.items);
    cursor = page.nextCursor;
    pages++;
  }
  return pages;
}

export type NewTask = Partial<typeof tasks.$inferInsert>;

/** Tasks of the user in their own workspace, named "Task <i>" unless a row says otherwise. */
export const addTasks = (db: Db, user: UserClient, rows: NewTask[]) =>
  db
    .insert(tasks)
    .values(rows.map((row, i) => ({ userId: user.id, workspaceId: user.id, name: `Task ${i}`, ...row })))
    .returning({ id: tasks.id });
