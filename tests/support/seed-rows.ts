import { hashPassword } from '../../core/auth/password.js';
import { ConsoleClient } from './console-client.js';
import type { TestGateway } from './gateway.js';

export interface UserSpec {
  username: string;
  role?: number;
  quota?: number;
  group?: string;
  /** system access token (32 characters) for Authorization-header callers */
  accessToken?: string;
}

export const SEEDED_PASSWORD = 'seededpass123';

/**
 * Inserts a user of any role straight into the database and returns a logged-in console client, so
 * tests of one resource need not go through registration, promotion or another engineer's routes.
 */
export async function seedUser(gw: TestGateway, spec: UserSpec): Promise<ConsoleClient> {
  const password = await hashPassword(SEEDED_PASSWORD);
  await gw.sql`
    INSERT INTO users (username, password, display_name, role, status, quota, "group", access_token)
    VALUES (${spec.username}, ${password}, ${spec.username}, ${spec.role ?? 1}, 1, ${spec.quota ?? 0},
            ${spec.group ?? 'default'}, ${spec.accessToken ?? null})`;
  const client = new ConsoleClient(gw);
  await client.login(spec.username, SEEDED_PASSWORD);
  return client;
}

export interface LogSeed {
  id?: number;
  user_id: number;
  username: string;
  created_at: number;
  type?: number;
  content?: string;
  token_name?: string;
  token_id?: number;
  model_name?: string;
  quota?: number;
  prompt_tokens?: number;
  completion_tokens?: number;
  channel_id?: number;
  group?: string;
  other?: string;
}

/** Inserts log rows with new-api's column defaults for what a row leaves out. */
export async function insertLogs(gw: TestGateway, rows: LogSeed[]): Promise<void> {
  const full = rows.map((r) => ({
    type: 2,
    content: '',
    token_name: '',
    token_id: 0,
    model_name: '',
    quota: 0,
    prompt_tokens: 0,
    completion_tokens: 0,
    channel_id: 0,
    group: 'default',
    other: '',
    ...r,
  }));
  const withId = full.filter((r) => r.id !== undefined);
  const withoutId = full.filter((r) => r.id === undefined);
  const columns = ['user_id', 'username', 'created_at', 'type', 'content', 'token_name', 'token_id', 'model_name', 'quota', 'prompt_tokens', 'completion_tokens', 'channel_id', 'group', 'other'] as const;
  if (withId.length) {
    await gw.sql`INSERT INTO logs ${gw.sql(withId, 'id', ...columns)}`;
    // Explicit ids bypass the sequence; move it past them so later inserts (the relay's) do not collide.
    await gw.sql`SELECT setval(pg_get_serial_sequence('logs', 'id'), (SELECT max(id) FROM logs))`;
  }
  if (withoutId.length) await gw.sql`INSERT INTO logs ${gw.sql(withoutId, ...columns)}`;
}
