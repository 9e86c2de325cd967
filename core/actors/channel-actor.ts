import { admits, CLOSED } from '../channel-health/breaker.js';
import type { ChannelFailure } from '../channel-health/channel-failure.js';
import type { HealthEffect } from '../channel-health/health-effects.js';
import { DEFAULT_HEALTH_SETTINGS, type HealthSettings } from '../channel-health/health-settings.js';
import { transition, type HealthEvent } from '../channel-health/health-transition.js';
import { CHANNEL_STATUS } from '../contracts/channel.js';
import type { ChannelConfig } from './channel-config.js';

const KEY_ENABLED = CHANNEL_STATUS.enabled;
import { copyState, initialChannelState, keyBreaker, type ChannelState } from './channel-state.js';
import { Mailbox } from './mailbox.js';
import { selectKey, type KeyUse } from './select-key.js';

/** What an actor needs from outside: the option values the rules read, where effects go, and a clock. */
export interface ActorHooks {
  settings(): HealthSettings;
  /** runs effects (persist, notify, rebuild); must not throw */
  effects(effects: HealthEffect[]): Promise<void>;
  now(): number;
  random(): number;
}

const NO_HOOKS: ActorHooks = {
  settings: () => DEFAULT_HEALTH_SETTINGS,
  effects: async () => {},
  now: Date.now,
  random: Math.random,
};

/** A test that finished: `failure` null means it passed. */
export interface TestOutcome {
  key: number | null;
  run: 'single' | 'all';
  elapsedMs: number;
  failure: ChannelFailure | null;
}

/**
 * Owns one channel's live state. Every event goes through the mailbox, so transitions are serialised, and
 * through the pure rules of core/channel-health; the effects they return are handed to the runner. Selection
 * reads `state` synchronously. The actor survives directory rebuilds (state is per channel id).
 *
 * The relay's calls, per attempt: `pickKey()` (null: no usable key), `start(index)`, then exactly one of
 * `succeed(ms, index)`, `fail(failure, index)` (the upstream was at fault) or `release(index)` (no verdict).
 */
export class ChannelActor {
  state: ChannelState = initialChannelState();
  private keyCursor: number;
  private pending: HealthEffect[] = [];
  private readonly mailbox = new Mailbox<HealthEvent>((e) => this.receive(e));

  constructor(
    private current: ChannelConfig,
    private readonly hooks: ActorHooks = NO_HOOKS,
  ) {
    this.keyCursor = current.multiKey.pollingIndex;
  }

  get id(): number {
    return this.current.id;
  }

  get config(): ChannelConfig {
    return this.current;
  }

  /**
   * A rebuilt configuration. Breakers of keys an admin has just re-enabled (or of every key, when the key
   * list changed and indices moved) start closed, and so does the channel's when it has just been enabled.
   */
  set config(next: ChannelConfig) {
    const prev = this.current;
    this.current = next;
    if (prev === next) return;
    let keys = this.state.keys;
    if (prev.keys.length !== next.keys.length || prev.keys.some((k, i) => k !== next.keys[i])) {
      keys = {};
      this.keyCursor = next.multiKey.pollingIndex;
    } else {
      for (const index of Object.keys(keys).map(Number)) {
        if ((prev.multiKey.statuses[index] ?? KEY_ENABLED) !== KEY_ENABLED && (next.multiKey.statuses[index] ?? KEY_ENABLED) === KEY_ENABLED) {
          keys = { ...keys };
          delete (keys as Record<number, unknown>)[index];
        }
      }
    }
    const breaker = prev.status !== 1 && next.status === 1 ? CLOSED : this.state.breaker;
    const state = copyState(this.state);
    state.keys = keys;
    state.breaker = breaker;
    this.state = state;
  }

  /** The channel may take a request: its breaker admits one and some key is usable. */
  available(now = this.hooks.now()): boolean {
    if (!admits(this.state.breaker, now)) return false;
    const n = this.current.keys.length;
    for (let i = 0; i < n; i++) if (this.keyUse(i, now) !== 'no') return true;
    return false;
  }

  /** The key for the next attempt (random or polling over enabled keys whose breaker admits), or null. */
  pickKey(now = this.hooks.now()): { index: number; key: string } | null {
    const keys = this.current.keys;
    const choice = selectKey(keys.length, (i) => this.keyUse(i, now), this.current.multiKey.mode, this.keyCursor, this.hooks.random);
    if (!choice) return null;
    this.keyCursor = choice.cursor;
    return { index: choice.index, key: keys[choice.index]! };
  }

  /** @deprecated for callers that do not report the key index: `pickKey()` and pass the index on. */
  nextKey(): string {
    return this.pickKey()?.key ?? '';
  }

  start(keyIndex?: number): void {
    void this.post({ kind: 'start', key: keyIndex ?? null, now: this.hooks.now() });
  }
  succeed(elapsedMs: number, keyIndex?: number): void {
    void this.post({ kind: 'success', key: keyIndex ?? null, elapsedMs, now: this.hooks.now() });
  }
  /** The upstream was at fault; `failure` carries what it said, so key failures can disable the key. */
  fail(failure?: ChannelFailure, keyIndex?: number): void {
    void this.post({ kind: 'failure', key: keyIndex ?? null, failure: failure ?? null, now: this.hooks.now() });
  }
  release(keyIndex?: number): void {
    void this.post({ kind: 'release', key: keyIndex ?? null, now: this.hooks.now() });
  }

  /** A channel test finished; resolves once its effects (re-enable, disable) are persisted. */
  tested(outcome: TestOutcome): Promise<void> {
    return this.send({ kind: 'test', ...outcome, now: this.hooks.now() });
  }

  /** The update-all balance run read this balance; resolves once its effects are persisted. */
  balanceRead(balance: number): Promise<void> {
    return this.send({ kind: 'balance', balance, now: this.hooks.now() });
  }

  private keyUse(index: number, now: number): KeyUse {
    if ((this.current.multiKey.statuses[index] ?? KEY_ENABLED) !== KEY_ENABLED) return 'no';
    const b = keyBreaker(this.state, index);
    if (!b.open) return 'ready';
    return admits(b, now) ? 'probe' : 'no';
  }

  private send(event: HealthEvent): Promise<void> {
    return this.post(event) ?? Promise.resolve();
  }

  /** The event's effects in flight, if it had any (most requests' events have none, and need no promise). */
  private post(event: HealthEvent): Promise<void> | undefined {
    this.mailbox.send(event);
    if (!this.pending.length) return undefined;
    const effects = this.pending;
    this.pending = [];
    return this.hooks.effects(effects);
  }

  private receive(event: HealthEvent): void {
    const t = transition(this.state, event, { config: this.current, settings: this.hooks.settings() });
    this.state = t.state;
    if (t.effects.length) this.pending.push(...t.effects);
  }
}
