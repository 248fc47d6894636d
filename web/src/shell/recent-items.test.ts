import { describe, expect, it } from 'vitest';
import type { SearchHit } from '@common/search';
import {
  parseRecent,
  pushRecent,
  readRecent,
  recentKey,
  rememberQuery,
  rememberRecord,
  RECENT_LIMIT,
  type RecentStorage,
} from './recent-items';

function memoryStorage(initial: Record<string, string> = {}): RecentStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

const hit = (id: string, title = `Contact ${id}`): SearchHit => ({
  kind: 'contact',
  id,
  title,
  subtitle: null,
  link: `/app/contacts/${id}`,
});

describe('recent searches and records', () => {
  it('keeps the newest first, without duplicates, at most five', () => {
    let list: string[] = [];
    for (const q of ['a1', 'b2', 'c3', 'd4', 'e5', 'f6']) list = pushRecent(list, q, (x, y) => x === y);
    expect(list).toEqual(['f6', 'e5', 'd4', 'c3', 'b2']);
    expect(pushRecent(list, 'c3', (x, y) => x === y)).toEqual(['c3', 'f6', 'e5', 'd4', 'b2']);
    expect(list).toHaveLength(RECENT_LIMIT);
  });

  it('stores per user: another account on the same browser sees none of them', () => {
    const storage = memoryStorage();
    rememberQuery(storage, 'ann', '  acme  ');
    rememberQuery(storage, 'ann', 'ACME');
    rememberRecord(storage, 'ann', hit('1'));
    rememberRecord(storage, 'ann', hit('2'));
    rememberRecord(storage, 'ann', hit('1', 'Renamed'));
    expect(readRecent(storage, 'ann')).toEqual({
      queries: ['ACME'],
      records: [hit('1', 'Renamed'), hit('2')],
    });
    expect(readRecent(storage, 'bob')).toEqual({ queries: [], records: [] });
    expect(Object.keys(storage.data)).toEqual([recentKey('ann')]);
  });

  it('ignores a blank query', () => {
    const storage = memoryStorage();
    rememberQuery(storage, 'ann', '   ');
    expect(readRecent(storage, 'ann').queries).toEqual([]);
  });

  it('reads broken or foreign values as nothing, and drops links outside the app', () => {
    expect(parseRecent('not json')).toEqual({ queries: [], records: [] });
    expect(parseRecent('null')).toEqual({ queries: [], records: [] });
    expect(parseRecent(JSON.stringify({ queries: 'x', records: {} }))).toEqual({ queries: [], records: [] });
    const stored = {
      queries: ['ok', 42, '', 'x'.repeat(101)],
      records: [hit('1'), { ...hit('2'), link: 'https://evil.example' }, { id: 3 }],
    };
    expect(parseRecent(JSON.stringify(stored))).toEqual({ queries: ['ok'], records: [hit('1')] });
  });

  it('works without storage when the browser refuses it', () => {
    const refusing: RecentStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(rememberQuery(refusing, 'ann', 'acme')).toEqual({ queries: ['acme'], records: [] });
    expect(readRecent(refusing, 'ann')).toEqual({ queries: [], records: [] });
  });
});
