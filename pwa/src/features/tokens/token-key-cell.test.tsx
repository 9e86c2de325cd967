// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TooltipProvider } from '../../components/ui/tooltip';
import '../../lib/i18n';
import { TokenKeyCell } from './token-key-cell';

const KEY = 'Q2VP2ec6u6qDMEpSsJNcUfXOEM2XT4phvjeKvIaFGdOoUpgg';
const renderCell = (key: string) => render(<TooltipProvider><TokenKeyCell tokenKey={key} /></TooltipProvider>);

describe('TokenKeyCell', () => {
  afterEach(cleanup);
  it('shows the key masked until revealed', () => {
    renderCell(KEY);
    expect(screen.getByText('sk-Q2VP**********Upgg')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('显示令牌'));
    expect(screen.getByText(`sk-${KEY}`)).toBeTruthy();
  });
  it('cannot copy a key that only exists masked (offline data)', () => {
    renderCell('Q2VP**********Upgg');
    expect((screen.getByLabelText('复制') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByLabelText('显示令牌')).toBeNull();
  });
});
