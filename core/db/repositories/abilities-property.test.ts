import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRepositoryDb, type RepositoryDb } from '../../../tests/support/repository-db.js';
import type { ChannelRow } from '../rows.js';
import { abilitiesOf } from './abilities.js';
import {
  copyChannel,
  deleteChannels,
  deleteDisabledChannels,
  insertChannels,
  rebuildAllAbilities,
  updateChannel,
  updateChannelsByIds,
  updateChannelsByTag,
  type NewChannel,
} from './channels.js';

/** mulberry32: a small seeded generator, so a failing sequence is replayed exactly from its seed. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const some = <T>(xs: readonly T[]): T[] => xs.filter(() => next() < 0.4);
  return { int, pick, some };
}

const MODELS = ['gpt-4o', 'gpt-4o-mini', 'claude-x', 'gemini-y', ' gpt-4o', 'gpt-4o'];
const GROUPS = ['default', 'vip', 'svip', 'default '];
const TAGS = ['a', 'b', null];

type Rng = ReturnType<typeof rng>;
const modelsOf = (r: Rng) => (r.some(MODELS).join(',') || 'gpt-4o');
const groupsOf = (r: Rng) => (r.some(GROUPS).join(',') || 'default');

function newChannel(r: Rng, n: number): NewChannel {
  return {
    type: 1,
    key: `sk-${n}`,
    name: `ch-${n}`,
    models: modelsOf(r),
    group: groupsOf(r),
    created_time: n,
    status: r.pick([1, 1, 2, 3]),
    priority: r.int(5),
    weight: r.int(10),
    tag: r.pick(TAGS),
  };
}

type Ability = { group: string; model: string; channel_id: number; enabled: boolean; priority: number; weight: number; tag: string | null };
const key = (a: Ability) => `${a.channel_id}|${a.group}|${a.model}|${a.enabled}|${a.priority}|${a.weight}|${a.tag ?? ''}`;

/** The abilities table must be exactly what the channels imply (abilitiesOf over every channel). */
async function expectAgreement(db: RepositoryDb, history: string[]): Promise<void> {
  const channels = await db.sql<ChannelRow[]>`SELECT id, models, "group", status, priority, weight, tag FROM channels`;
  const implied = channels.flatMap(abilitiesOf).map(key).sort();
  const stored = (await db.sql<Ability[]>`SELECT "group", model, channel_id, enabled, priority, weight, tag FROM abilities`).map(key).sort();
  expect(stored, `after: ${history.join(' → ')}`).toEqual(implied);
}

// After any sequence of channel operations, run one by one or several at once, the abilities (what the relay
// routes by) equal what the channels imply.
describe('abilities follow channels under any sequence of operations', () => {
  let db: RepositoryDb;
  beforeAll(async () => {
    db = await openRepositoryDb();
  }, 120_000);
  afterAll(() => db?.close());

  it.each([1, 2, 3, 4, 5, 6])('sequence with seed %i', async (seed) => {
    await db.sql`DELETE FROM abilities`;
    await db.sql`DELETE FROM channels`;
    const r = rng(seed);
    let made = seed * 1000;
    const history: string[] = [];
    const ids = async () => (await db.sql<{ id: number }[]>`SELECT id FROM channels`).map((c) => c.id);
    const ops: Array<[string, () => Promise<unknown>]> = [
      ['insert', () => insertChannels(db.sql, Array.from({ length: 1 + r.int(3) }, () => newChannel(r, made++)))],
      ['edit', async () => {
        const all = await ids();
        if (all.length) await updateChannel(db.sql, r.pick(all), () => ({ models: modelsOf(r), group: groupsOf(r), priority: r.int(5) }));
      }],
      ['status', async () => updateChannelsByIds(db.sql, r.some(await ids()), { status: r.pick([1, 2, 3]) })],
      ['tag', async () => updateChannelsByTag(db.sql, r.pick(['a', 'b']), { weight: r.int(10), status: r.pick([1, 2]) })],
      ['retag', async () => updateChannelsByIds(db.sql, r.some(await ids()), { tag: r.pick(TAGS) })],
      ['delete', async () => deleteChannels(db.sql, r.some(await ids()))],
      ['delete disabled', () => deleteDisabledChannels(db.sql)],
      ['copy', async () => {
        const all = await ids();
        if (all.length) await copyChannel(db.sql, r.pick(all), (s) => ({ name: `${s.name}_copy`, used_quota: 0 }));
      }],
      ['fix', () => rebuildAllAbilities(db.sql)],
    ];
    for (let step = 0; step < 25; step++) {
      // mostly one at a time; sometimes three concurrent operations, as concurrent admins would send them
      const batch = step % 4 === 3 ? [r.pick(ops), r.pick(ops), r.pick(ops)] : [r.pick(ops)];
      history.push(batch.map(([name]) => name).join('+'));
      await Promise.all(batch.map(([, run]) => run()));
      await expectAgreement(db, history);
    }
  }, 120_000);
});
