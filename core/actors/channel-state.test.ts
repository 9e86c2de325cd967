import { describe, expect, it } from 'vitest';
import { DEFAULT_HEALTH_SETTINGS } from '../channel-health/health-settings.js';
import { ChannelActor, type ActorHooks } from './channel-actor.js';
import type { ChannelConfig } from './channel-config.js';
import { testConfig } from './test-channel-config.js';
import type { HealthEffect } from '../channel-health/health-effects.js';

function actor(over: Partial<ChannelConfig> = {}, autoDisable = false) {
  let now = 1000;
  const effects: HealthEffect[] = [];
  const hooks: ActorHooks = {
    settings: () => ({ ...DEFAULT_HEALTH_SETTINGS, autoDisable }),
    effects: async (e) => void effects.push(...e),
    now: () => now,
    random: () => 0,
  };
  return { a: new ChannelActor(testConfig(over), hooks), effects, tick: (ms: number) => (now += ms) };
}

describe('channel actor', () => {
  it('polls over enabled keys from the stored polling index', () => {
    const { a } = actor({ multiKey: { enabled: true, mode: 'polling', statuses: { 1: 3 }, pollingIndex: 1 } });
    expect([a.pickKey(), a.pickKey(), a.pickKey()].map((k) => k?.index)).toEqual([2, 0, 2]);
    expect(a.nextKey()).toBe('k0');
  });

  it('counts requests in flight and smooths response time', () => {
    const { a } = actor();
    a.start(0);
    a.start(1);
    expect(a.state.inFlight).toBe(2);
    a.succeed(100, 0);
    a.succeed(200, 1);
    expect(a.state.inFlight).toBe(0);
    expect(a.state.responseMs).toBe(120);
  });

  it('takes a failing key out of rotation after three failures and lets one probe through after the cool-down', () => {
    const { a, tick } = actor();
    for (let i = 0; i < 3; i++) {
      a.start(1);
      a.fail({ status: 500, message: 'x' }, 1);
      a.start(0);
      a.succeed(10, 0);
    }
    expect(a.state.breaker.open).toBe(false);
    expect([a.pickKey(), a.pickKey(), a.pickKey()].map((k) => k?.index)).toEqual([0, 2, 0]);
    tick(60_000);
    // a ready key still wins over the probe
    expect(a.pickKey()?.index).toBe(2);
  });

  it('is unavailable once its own breaker opens, and again available after the cool-down', () => {
    const { a, tick } = actor({ keys: ['only'], multiKey: { enabled: false, mode: 'polling', statuses: {}, pollingIndex: 0 } });
    for (let i = 0; i < 3; i++) {
      a.start();
      a.fail();
    }
    expect(a.available()).toBe(false);
    tick(60_000);
    expect(a.available()).toBe(true);
    a.start();
    expect(a.available()).toBe(false);
  });

  it('disables a 401 key at once and asks for it to be persisted', async () => {
    const { a, effects } = actor({}, true);
    const picked = a.pickKey()!;
    a.start(picked.index);
    a.fail({ status: 401, message: 'bad key' }, picked.index);
    expect(effects).toContainEqual({ kind: 'disable', channelId: 1, key: 0, reason: 'status_code=401, bad key' });
    expect(a.pickKey()?.index).toBe(1);
    expect(a.available()).toBe(true);
  });

  it('has no usable key when every key is disabled', () => {
    const { a } = actor({ multiKey: { enabled: true, mode: 'random', statuses: { 0: 3, 1: 2, 2: 3 }, pollingIndex: 0 } });
    expect(a.pickKey()).toBeNull();
    expect(a.available()).toBe(false);
  });

  it('closes the breaker of a key an admin re-enabled, and all of them when the keys changed', () => {
    const { a } = actor();
    for (let i = 0; i < 3; i++) a.fail({ status: 500, message: 'x' }, 1);
    a.config = testConfig({ multiKey: { enabled: true, mode: 'polling', statuses: { 1: 3 }, pollingIndex: 0 } });
    expect(a.state.keys[1]?.open).toBe(true);
    a.config = testConfig();
    expect(a.state.keys[1]).toBeUndefined();
    for (let i = 0; i < 3; i++) a.fail({ status: 500, message: 'x' }, 2);
    a.config = testConfig({ keys: ['k0', 'k1', 'new'] });
    expect(a.state.keys).toEqual({});
  });
});
