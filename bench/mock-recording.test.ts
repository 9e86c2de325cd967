import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Pool } from 'undici';
import { startMockUpstream, type MockRecord } from './mock-upstream.js';
import { mockClient } from './mock/mock-test-client.js';

const mock = await startMockUpstream({ port: 0 });
const { chat } = mockClient(mock);
afterAll(() => mock.close());
afterEach(() => mock.reset());

describe('recording', () => {
  it('records method, path, query, lower-cased headers, parsed body and time', async () => {
    const before = Date.now();
    await fetch(`${mock.url}/v1/chat/completions?x=1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer mock-ok', 'X-Trace-Id': 't1' },
      body: JSON.stringify({ model: 'm', unknown_field: { keep: true } }),
    });
    const records = (await (await fetch(`${mock.url}/__mock/requests`)).json()) as MockRecord[];
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      query: 'x=1',
      body: { model: 'm', unknown_field: { keep: true } },
      aborted: false,
      completed: true,
    });
    expect(records[0]!.headers).toMatchObject({ authorization: 'Bearer mock-ok', 'x-trace-id': 't1', 'content-type': 'application/json' });
    expect(records[0]!.time).toBeGreaterThanOrEqual(before);
  });

  it('POST /__mock/reset clears the list', async () => {
    await chat();
    expect(mock.requests()).toHaveLength(1);
    expect((await fetch(`${mock.url}/__mock/reset`, { method: 'POST' })).status).toBe(200);
    expect(await (await fetch(`${mock.url}/__mock/requests`)).json()).toEqual([]);
  });

  it('keeps only the newest maxRecords records', async () => {
    const small = await startMockUpstream({ maxRecords: 3 });
    try {
      for (let i = 0; i < 5; i++) await fetch(`${small.url}/v1/models?n=${i}`);
      expect(small.requests().map((r) => r.query)).toEqual(['n=2', 'n=3', 'n=4']);
    } finally {
      await small.close();
    }
  });

  it('caps the default log at 10 000 records', async () => {
    const pool = new Pool(mock.url, { connections: 16 });
    try {
      const total = 10_050;
      let sent = 0;
      const worker = async () => {
        while (sent < total) {
          const n = sent++;
          const { body } = await pool.request({ method: 'GET', path: `/v1/models?n=${n}` });
          await body.dump();
        }
      };
      await Promise.all(Array.from({ length: 16 }, worker));
      const records = mock.requests();
      expect(records).toHaveLength(10_000);
      expect(records.at(-1)!.id - records[0]!.id).toBe(9_999);
    } finally {
      await pool.close();
    }
  });

  it('records nothing when record is false', async () => {
    const quiet = await startMockUpstream({ record: false });
    try {
      expect((await fetch(`${quiet.url}/v1/models`)).status).toBe(200);
      expect(quiet.requests()).toEqual([]);
      expect(await (await fetch(`${quiet.url}/__mock/requests`)).json()).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});
