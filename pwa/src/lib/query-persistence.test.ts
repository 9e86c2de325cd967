// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearPersistedQueries, persistQueries, restorePersistedQueries } from './query-persistence';

const KEY = 'Q2VP2ec6u6qDMEpSsJNcUfXOEM2XT4phvjeKvIaFGdOoUpgg';

function seeded() {
  const client = new QueryClient();
  client.getQueryCache().build(client, { queryKey: ['tokens'], meta: { persist: true } }).setData({ rows: [{ id: 1, name: 'a', key: KEY }] });
  client.getQueryCache().build(client, { queryKey: ['user', 'self'], meta: { persist: true } }).setData({ id: 7, access_token: 'secret-access-token' });
  client.getQueryCache().build(client, { queryKey: ['private'] }).setData({ value: 'not persisted' });
  return client;
}

describe('query persistence', () => {
  beforeEach(() => localStorage.clear());
  it('saves only persisted queries, with keys masked and access tokens dropped', () => {
    persistQueries(seeded(), 7);
    const saved = localStorage.getItem('ferryman-query-cache') ?? '';
    expect(saved).not.toContain(KEY);
    expect(saved).not.toContain('secret-access-token');
    expect(saved).not.toContain('not persisted');
    expect(saved).toContain('Q2VP**********Upgg');
  });
  it('restores for the same user only', () => {
    persistQueries(seeded(), 7);
    const other = new QueryClient();
    restorePersistedQueries(other, 8);
    expect(other.getQueryData(['tokens'])).toBeUndefined();
    expect(localStorage.getItem('ferryman-query-cache')).toBeNull();
    persistQueries(seeded(), 7);
    const same = new QueryClient();
    restorePersistedQueries(same, 7);
    expect(same.getQueryData<{ rows: { key: string }[] }>(['tokens'])?.rows[0]?.key).toBe('Q2VP**********Upgg');
    // restored data is stale at once, so the first page that uses it refetches
    expect(same.getQueryCache().find({ queryKey: ['tokens'] })?.isStale()).toBe(true);
  });
  it('is cleared on logout', () => {
    persistQueries(seeded(), 7);
    clearPersistedQueries();
    expect(localStorage.getItem('ferryman-query-cache')).toBeNull();
  });
});
