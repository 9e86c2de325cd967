// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultLogColumns, readLogColumns, writeLogColumns } from './log-column-settings';
import { defaultLogRange, LOG_SEARCH_DEFAULTS, logServerQuery } from './log-search';
import { durationTone, firstTokenTone, logTypeView, parseLogOther, showsModelCells, useTimeTone } from './log-view';

describe('log badges and colours', () => {
  it('labels log types 1–5', () => {
    expect(logTypeView(1)).toEqual({ key: 'logs.types.1', tone: 'cyan' });
    expect(logTypeView(5).tone).toBe('red');
    expect(logTypeView(9).key).toBe('logs.types.unknown');
  });
  it('shows model cells only for types 0, 2 and 5', () => {
    expect([0, 1, 2, 3, 4, 5].filter(showsModelCells)).toEqual([0, 2, 5]);
  });
  it('colours use time, first-token time and durations', () => {
    expect([50, 100.9, 101, 299, 300].map(useTimeTone)).toEqual(['green', 'green', 'orange', 'orange', 'red']);
    expect([2.9, 3, 9.9, 10].map(firstTokenTone)).toEqual(['green', 'orange', 'orange', 'red']);
    expect([60, 61].map(durationTone)).toEqual(['green', 'red']);
  });
  it('parses the other JSON leniently', () => {
    expect(parseLogOther('{"model_ratio":1.25,"frt":81}')).toEqual({ model_ratio: 1.25, frt: 81 });
    expect(parseLogOther('null')).toEqual({});
    expect(parseLogOther('oops')).toEqual({});
    expect(parseLogOther('')).toEqual({});
  });
});

describe('log query', () => {
  it('defaults to today until one hour ahead', () => {
    const now = new Date(2025, 5, 5, 10, 0, 0);
    const range = defaultLogRange(now);
    expect(range.end - Math.floor(now.getTime() / 1000)).toBe(3600);
    expect(new Date(range.start * 1000).getHours()).toBe(0);
  });
  it('sends username and channel only for administrators', () => {
    const search = { ...LOG_SEARCH_DEFAULTS, size: 20, username: 'bob', channel: '3', start: 10, end: 20 };
    expect(logServerQuery(search, false)).not.toHaveProperty('username');
    expect(logServerQuery(search, true)).toMatchObject({ username: 'bob', channel: '3', p: 1, page_size: 20, start_timestamp: 10, end_timestamp: 20 });
  });
});

describe('log column settings (logs-table-columns)', () => {
  beforeEach(() => localStorage.clear());
  it('hide admin columns for ordinary users', () => {
    expect(defaultLogColumns(false)).toMatchObject({ channel: false, username: false, retry: false, model: true });
    expect(defaultLogColumns(true)).toMatchObject({ channel: true, username: true, retry: true });
  });
  it('are saved and read back', () => {
    writeLogColumns({ ...defaultLogColumns(true), details: false });
    expect(JSON.parse(localStorage.getItem('logs-table-columns') ?? '{}').details).toBe(false);
    expect(readLogColumns(true).details).toBe(false);
    expect(readLogColumns(false).channel).toBe(false);
  });
});
