// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type Column } from './data-table';

interface Row {
  id: number;
  name: string;
  quota: string;
}
const rows: Row[] = [
  { id: 1, name: 'alpha', quota: '$1.00' },
  { id: 2, name: 'beta', quota: '$2.00' },
];
const columns: Column<Row>[] = [
  { id: 'name', header: 'Name', mobile: 'title', cell: (r) => r.name, sortValue: (r) => r.name },
  { id: 'quota', header: 'Quota', cell: (r) => r.quota },
  { id: 'actions', header: 'Actions', mobile: 'footer', cell: (r) => <button type="button">edit {r.name}</button> },
];

function setWidth(mobile: boolean) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: mobile && query.includes('max-width: 600px'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

describe('DataTable', () => {
  afterEach(cleanup);
  it('renders a table on desktop with selection and expandable rows', () => {
    setWidth(false);
    const onChange = vi.fn();
    render(<DataTable columns={columns} rows={rows} rowKey={(r) => r.id} selection={{ selected: new Set(), onChange }} renderExpanded={(r) => <p>details of {r.name}</p>} />);
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    fireEvent.click(screen.getByText('alpha'));
    expect(screen.getByText('details of alpha')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('select all'));
    expect(onChange).toHaveBeenCalledWith(new Set([1, 2]));
  });
  it('turns into cards at 600 px or less: title, label/value lines, actions at the bottom', () => {
    setWidth(true);
    render(<DataTable columns={columns} rows={rows} rowKey={(r) => r.id} />);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByText('alpha')).toBeTruthy();
    expect(first.getByText('Quota')).toBeTruthy();
    expect(first.getByText('$1.00')).toBeTruthy();
    expect(first.getByRole('button', { name: 'edit alpha' })).toBeTruthy();
  });
  it('shows the empty state', () => {
    setWidth(false);
    render(<DataTable columns={columns} rows={[]} rowKey={(r) => r.id} empty={<p>nothing here</p>} />);
    expect(screen.getByText('nothing here')).toBeTruthy();
  });
  it('sorts the rows by the URL sort state and cycles a header through asc, desc and off', () => {
    setWidth(false);
    const onSortChange = vi.fn();
    const { rerender } = render(<DataTable columns={columns} rows={rows} rowKey={(r) => r.id} sort="-name" onSortChange={onSortChange} />);
    const names = () => screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(names()).toEqual(['beta', 'alpha']);
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(onSortChange).toHaveBeenLastCalledWith('');
    rerender(<DataTable columns={columns} rows={rows} rowKey={(r) => r.id} sort="" onSortChange={onSortChange} />);
    expect(names()).toEqual(['alpha', 'beta']);
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(onSortChange).toHaveBeenLastCalledWith('name');
    // a column without sortValue has a plain header
    expect(screen.queryByRole('button', { name: /Quota/ })).toBeNull();
  });
  it('leaves out the columns switched off in the column settings, on desktop and in cards', () => {
    setWidth(false);
    render(<DataTable columns={columns} rows={rows} rowKey={(r) => r.id} columnVisibility={{ quota: false }} />);
    expect(screen.queryByText('Quota')).toBeNull();
    expect(screen.queryByText('$1.00')).toBeNull();
    cleanup();
    setWidth(true);
    render(<DataTable columns={columns} rows={rows} rowKey={(r) => r.id} columnVisibility={{ quota: false }} />);
    expect(screen.queryByText('$1.00')).toBeNull();
    expect(screen.getByText('alpha')).toBeTruthy();
  });
});
