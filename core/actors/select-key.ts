/** How a key may be used right now: not at all, normally, or only as a half-open probe of its breaker. */
export type KeyUse = 'no' | 'ready' | 'probe';

export interface KeyChoice {
  index: number;
  /** where polling continues next time */
  cursor: number;
}

/**
 * Picks a key index among `count` keys. Ready keys (enabled, breaker closed) are preferred; only when none is
 * ready does a key whose breaker is waiting for its probe get one. `random` draws uniformly among the
 * candidates; `polling` takes the first candidate from `cursor` on, as new-api's GetNextEnabledKey does.
 */
export function selectKey(
  count: number,
  use: (index: number) => KeyUse,
  mode: 'random' | 'polling',
  cursor: number,
  random: () => number = Math.random,
): KeyChoice | null {
  if (count <= 0) return null;
  const start = cursor >= 0 && cursor < count ? cursor : 0;
  const ready: number[] = [];
  let probe = -1;
  for (let offset = 0; offset < count; offset++) {
    const index = (start + offset) % count;
    const u = use(index);
    if (u === 'ready') {
      if (mode === 'polling') return { index, cursor: (index + 1) % count };
      ready.push(index);
    } else if (u === 'probe' && probe < 0) {
      probe = index;
    }
  }
  if (ready.length) return { index: ready[Math.min(ready.length - 1, Math.floor(random() * ready.length))]!, cursor: start };
  return probe >= 0 ? { index: probe, cursor: (probe + 1) % count } : null;
}
