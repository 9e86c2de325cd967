import type { ChannelConfig } from '../actors/channel-config.js';
import { copyState, keyBreaker, smoothResponseMs, type ChannelState } from '../actors/channel-state.js';
import { breakerFailure, breakerRelease, breakerStart, breakerSuccess, breakerTrip, type Breaker } from './breaker.js';
import { failureReason, type ChannelFailure } from './channel-failure.js';
import { failureKind } from './failure-kind.js';
import type { HealthEffect } from './health-effects.js';
import type { HealthSettings } from './health-settings.js';
import { CHANNEL_STATUS } from '../contracts/channel.js';

const { enabled: ENABLED, autoDisabled: AUTO_DISABLED } = CHANNEL_STATUS;

/** `key` is the index of the key the request used, or null when the caller did not say. */
export type HealthEvent =
  | { kind: 'start'; key: number | null; now: number }
  | { kind: 'success'; key: number | null; elapsedMs: number; now: number }
  /** failure null: the caller knows only that the upstream was at fault */
  | { kind: 'failure'; key: number | null; failure: ChannelFailure | null; now: number }
  | { kind: 'release'; key: number | null; now: number }
  /** a channel test finished: one channel from the console (`single`) or a test-all run (`all`) */
  | { kind: 'test'; key: number | null; run: 'single' | 'all'; elapsedMs: number; failure: ChannelFailure | null; now: number }
  /** a balance query of the update-all run answered */
  | { kind: 'balance'; balance: number; now: number };

export interface HealthContext {
  config: Pick<ChannelConfig, 'id' | 'status' | 'autoBan' | 'multiKey'>;
  settings: HealthSettings;
}

export interface Transition {
  state: ChannelState;
  effects: readonly HealthEffect[];
}

// Most transitions have no effect: one shared empty list instead of a new one per relay event.
const NO_EFFECTS: readonly HealthEffect[] = Object.freeze([]);

/** new-api's reason for a too-slow test (spec relay.md §7.3). */
export const slowReason = (elapsedMs: number, thresholdMs: number): string =>
  `响应时间 ${(elapsedMs / 1000).toFixed(2)}s 超过阈值 ${(thresholdMs / 1000).toFixed(2)}s`;

/** new-api's reason when the update-all balance run finds nothing left (spec relay.md §7.4). */
export const NO_BALANCE = '余额不足';

/**
 * The health rules: `(state, event) → {state, effects}`, no clock and no I/O. Every upstream failure counts
 * toward the breakers of the channel and of the key used; a key failure (failure-kind.ts) auto-disables the
 * key of a multi-key channel, or else the channel, when AutomaticDisableChannelEnabled is on and the
 * channel's auto_ban allows it, and opens the matching breaker at once so this node stops using it before the
 * directory is rebuilt. Tests and balances apply new-api's test-all and update-all rules. Re-enabling needs
 * AutomaticEnableChannelEnabled and a channel auto-disabled (3): a manual disable (2) is never undone.
 */
export function transition(state: ChannelState, event: HealthEvent, ctx: HealthContext): Transition {
  const { settings } = ctx;
  const b = settings.breaker;
  switch (event.kind) {
    case 'start': {
      const next = copyState(state);
      next.inFlight++;
      next.totalRequests++;
      next.breaker = breakerStart(state.breaker, event.now, b);
      next.keys = withKey(state, event.key, (k) => breakerStart(k, event.now, b));
      return { state: next, effects: NO_EFFECTS };
    }
    case 'success': {
      const next = copyState(state);
      next.inFlight = Math.max(0, state.inFlight - 1);
      next.responseMs = smoothResponseMs(state.responseMs, event.elapsedMs);
      return closeAll(next, event.key, ctx);
    }
    case 'release': {
      const next = copyState(state);
      next.inFlight = Math.max(0, state.inFlight - 1);
      next.breaker = breakerRelease(state.breaker, event.now);
      next.keys = withKey(state, event.key, (k) => breakerRelease(k, event.now));
      return { state: next, effects: NO_EFFECTS };
    }
    case 'failure': {
      const next = copyState(state);
      next.inFlight = Math.max(0, state.inFlight - 1);
      next.totalFailures++;
      return onFailure(next, event, ctx);
    }
    case 'test':
      return onTest(state, event, ctx);
    case 'balance':
      if (event.balance > 0 || !mayDisable(ctx)) return { state, effects: NO_EFFECTS };
      return disable(state, null, NO_BALANCE, event.now, ctx);
  }
}

function onFailure(state: ChannelState, event: Extract<HealthEvent, { kind: 'failure' }>, ctx: HealthContext): Transition {
  const b = ctx.settings.breaker;
  const reason = event.failure ? failureReason(event.failure) : 'upstream failure';
  const next = copyState(state);
  next.breaker = breakerFailure(state.breaker, event.now, b);
  next.keys = withKey(state, event.key, (k) => breakerFailure(k, event.now, b));
  const effects = circuitEffects(state, next, event.key, reason, ctx);
  // On a multi-key channel a key failure without the key's index cannot tell which key to disable.
  const knowsTarget = !ctx.config.multiKey.enabled || event.key !== null;
  if (event.failure && failureKind(event.failure, ctx.settings.keywords) === 'key' && mayDisable(ctx) && knowsTarget) {
    const disabled = disable(next, event.key, reason, event.now, ctx);
    return { state: disabled.state, effects: [...effects, ...disabled.effects] };
  }
  return { state: next, effects };
}

function onTest(state: ChannelState, event: Extract<HealthEvent, { kind: 'test' }>, ctx: HealthContext): Transition {
  const { settings, config } = ctx;
  const slow = settings.slowTestMs > 0 && event.elapsedMs > settings.slowTestMs;
  if (event.failure === null && !slow) {
    const closed = closeAll(state, event.key, ctx);
    const keyDown = event.key !== null && config.multiKey.enabled && (config.multiKey.statuses[event.key] ?? ENABLED) === AUTO_DISABLED;
    if (!settings.autoEnable || (config.status !== AUTO_DISABLED && !keyDown)) return closed;
    const enable: HealthEffect = { kind: 'enable', channelId: config.id, key: config.multiKey.enabled ? event.key : null };
    return { state: closed.state, effects: [...closed.effects, enable] };
  }
  // new-api: a single test never disables; a test-all run disables on a key failure or a slow answer
  if (event.run !== 'all' || !mayDisable(ctx)) return { state, effects: NO_EFFECTS };
  if (event.failure && failureKind(event.failure, settings.keywords) === 'key') return disable(state, event.key, failureReason(event.failure), event.now, ctx);
  if (slow) return disable(state, null, slowReason(event.elapsedMs, settings.slowTestMs), event.now, ctx);
  return { state, effects: NO_EFFECTS };
}

const mayDisable = ({ config, settings }: HealthContext): boolean => settings.autoDisable && config.autoBan && config.status === ENABLED;

/** A key of a multi-key channel, or the channel: persisted by the runner, and its breaker opened here at once. */
function disable(state: ChannelState, key: number | null, reason: string, now: number, ctx: HealthContext): Transition {
  const { config, settings } = ctx;
  const target = config.multiKey.enabled ? key : null;
  const next = copyState(state);
  if (target === null) next.breaker = breakerTrip(state.breaker, now, settings.breaker);
  else next.keys = withKey(state, target, (k) => breakerTrip(k, now, settings.breaker));
  return { state: next, effects: [{ kind: 'disable', channelId: config.id, key: target, reason }] };
}

function closeAll(state: ChannelState, key: number | null, ctx: HealthContext): Transition {
  const next = copyState(state);
  next.breaker = breakerSuccess();
  next.keys = withKey(state, key, breakerSuccess);
  return { state: next, effects: circuitEffects(state, next, key, '', ctx) };
}

function withKey(state: ChannelState, key: number | null, f: (b: Breaker) => Breaker): ChannelState['keys'] {
  if (key === null) return state.keys;
  const before = keyBreaker(state, key);
  const after = f(before);
  if (after === before) return state.keys;
  const keys = { ...state.keys };
  if (!after.open && after.failures === 0) delete keys[key];
  else keys[key] = after;
  return keys;
}

function circuitEffects(before: ChannelState, after: ChannelState, key: number | null, reason: string, ctx: HealthContext): readonly HealthEffect[] {
  const keyChanged = key !== null && keyBreaker(before, key).open !== keyBreaker(after, key).open;
  if (before.breaker.open === after.breaker.open && !keyChanged) return NO_EFFECTS;
  const effects: HealthEffect[] = [];
  const id = ctx.config.id;
  if (before.breaker.open !== after.breaker.open) {
    effects.push({ kind: 'circuit', channelId: id, key: null, open: after.breaker.open, failures: after.breaker.failures, reason });
  }
  if (keyChanged) {
    const k = keyBreaker(after, key);
    effects.push({ kind: 'circuit', channelId: id, key, open: k.open, failures: k.failures, reason });
  }
  return effects;
}
