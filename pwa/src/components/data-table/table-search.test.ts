// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { mergeTableSearch, parseTableSearch } from './table-search';

describe('table URL state', () => {
  beforeEach(() => localStorage.clear());
  it('falls back to page 1, the remembered page size and no sort for bad values', () => {
    localStorage.setItem('page-size', '50');
    expect(parseTableSearch({ page: 'x', size: 1000, sort: 7 })).toEqual({ page: 1, size: 50, sort: '7' });
    expect(parseTableSearch({ page: '3', size: '20', sort: '-quota' })).toEqual({ page: 3, size: 20, sort: '-quota' });
    expect(parseTableSearch({})).toEqual({ page: 1, size: 50, sort: '' });
  });
  it('remembers a chosen page size under page-size for every list', () => {
    const next = mergeTableSearch({ page: 4, size: 10, sort: 'id', keyword: 'k' }, { size: 100, page: 1 });
    expect(next).toEqual({ page: 1, size: 100, sort: 'id', keyword: 'k' });
    expect(localStorage.getItem('page-size')).toBe('100');
  });
});
