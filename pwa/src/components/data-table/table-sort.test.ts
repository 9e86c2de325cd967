import { describe, expect, it } from 'vitest';
import type { Column } from './data-table-types';
import { nextSort, parseSort, sortRows } from './table-sort';

interface Row {
  id: number;
  name: string;
}
const columns: Column<Row>[] = [
  { id: 'id', header: 'ID', cell: (r) => r.id, sortValue: (r) => r.id },
  { id: 'name', header: 'Name', cell: (r) => r.name, sortValue: (r) => r.name },
  { id: 'plain', header: 'Plain', cell: (r) => r.name },
];
const rows: Row[] = [
  { id: 10, name: 'b' },
  { id: 9, name: 'a' },
  { id: 100, name: 'b' },
];

describe('table sort', () => {
  it('reads "-id" as descending and "" as unsorted', () => {
    expect(parseSort('-id')).toEqual({ id: 'id', desc: true });
    expect(parseSort('name')).toEqual({ id: 'name', desc: false });
    expect(parseSort('')).toBeNull();
    expect(parseSort('-')).toBeNull();
  });
  it('cycles a column asc → desc → off, and starts ascending on another column', () => {
    expect(nextSort('', 'id')).toBe('id');
    expect(nextSort('id', 'id')).toBe('-id');
    expect(nextSort('-id', 'id')).toBe('');
    expect(nextSort('-id', 'name')).toBe('name');
  });
  it('sorts numbers as numbers, keeps ties in server order, ignores unsortable columns', () => {
    expect(sortRows(rows, columns, 'id').map((r) => r.id)).toEqual([9, 10, 100]);
    expect(sortRows(rows, columns, '-id').map((r) => r.id)).toEqual([100, 10, 9]);
    expect(sortRows(rows, columns, 'name').map((r) => r.id)).toEqual([9, 10, 100]);
    expect(sortRows(rows, columns, '-name').map((r) => r.id)).toEqual([10, 100, 9]);
    expect(sortRows(rows, columns, 'plain')).toBe(rows);
    expect(sortRows(rows, columns, 'missing')).toBe(rows);
  });
});
