import { OptionsStore } from '../options/options-store.js';

/** An options store with the defaults overlaid by `values`, as if they had been saved (for tests). */
export function optionsWith(values: Record<string, string>): OptionsStore {
  const store = new OptionsStore();
  for (const [key, value] of Object.entries(values)) store.apply(key, value);
  return store;
}
