import type { Sql } from '../db/connect.js';
import { loadOptions, saveOption } from '../db/repositories/options.js';
import { OPTION_DEFS, type OptionKey, optionDef } from './option-defaults.js';
import { optionShapeError } from './option-shapes.js';

export type OptionsListener = (key: string) => void;

export class OptionValueError extends Error {}

/**
 * In-memory option map (defaults overlaid by the options table). Reads are synchronous so the relay
 * never waits on the database; derived values (parsed JSON, typed settings) are cached per version.
 */
export class OptionsStore {
  private values = new Map<string, string>();
  private parsed = new Map<string, unknown>();
  private listeners: OptionsListener[] = [];
  version = 0;

  constructor() {
    for (const [k, def] of Object.entries(OPTION_DEFS)) this.values.set(k, def.default);
  }

  async load(sql: Sql): Promise<void> {
    for (const row of await loadOptions(sql)) this.apply(row.key, row.value);
  }

  get(key: OptionKey | string): string {
    return this.values.get(key) ?? '';
  }

  bool(key: OptionKey): boolean {
    return this.get(key) === 'true';
  }

  number(key: OptionKey): number {
    const n = Number(this.get(key));
    return Number.isFinite(n) ? n : Number(optionDef(key)?.default ?? 0);
  }

  /**
   * Parsed JSON value; falls back to the default when the stored text does not parse or has the wrong
   * shape (possible in a database written by new-api, which persists invalid values).
   */
  json<T>(key: OptionKey): T {
    if (this.parsed.has(key)) return this.parsed.get(key) as T;
    let v: unknown;
    try {
      v = JSON.parse(this.get(key));
      if (optionShapeError(key, v)) throw new OptionValueError(key);
    } catch {
      v = JSON.parse(optionDef(key)?.default ?? 'null');
    }
    this.parsed.set(key, v);
    return v as T;
  }

  entries(): Array<[string, string]> {
    return [...this.values.entries()];
  }

  /** Validates, persists and applies one key. Invalid values throw OptionValueError and change nothing. */
  async set(sql: Sql, key: string, value: string): Promise<void> {
    validateOptionValue(key, value);
    await saveOption(sql, key, value);
    this.apply(key, value);
  }

  /** Applies a value that is already persisted (boot, or another node's change). */
  apply(key: string, value: string): void {
    if (this.values.get(key) === value) return;
    this.values.set(key, value);
    this.parsed.delete(key);
    this.version++;
    for (const l of this.listeners) l(key);
  }

  onChange(listener: OptionsListener): void {
    this.listeners.push(listener);
  }
}

export function validateOptionValue(key: string, value: string): void {
  const def = optionDef(key);
  if (!def) return;
  switch (def.kind) {
    case 'bool':
      if (value !== 'true' && value !== 'false') throw new OptionValueError(`${key} 的值必须是 true 或 false`);
      return;
    case 'int':
      if (!/^-?\d+$/.test(value.trim())) throw new OptionValueError(`${key} 的值必须是整数`);
      return;
    case 'float':
      if (value.trim() === '' || !Number.isFinite(Number(value))) throw new OptionValueError(`${key} 的值必须是数字`);
      return;
    case 'json': {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch (e) {
        throw new OptionValueError(`${key} 不是合法的 JSON 字符串：${(e as Error).message}`);
      }
      const shapeError = optionShapeError(key, parsed);
      if (shapeError) throw new OptionValueError(shapeError);
      return;
    }
    case 'string':
      return;
  }
}
