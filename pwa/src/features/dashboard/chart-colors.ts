import { OTHER } from './usage-series';

/** Distinct hues readable on light and dark cards; "other" is always slate. */
const PALETTE = ['#3b82f6', '#10b981', '#f59e0b', '#8b5cf6', '#ef4444', '#06b6d4', '#ec4899', '#84cc16', '#f97316', '#14b8a6'];
const OTHER_COLOR = '#94a3b8';

/** The colour of the i-th charted series. */
export const seriesColor = (key: string, index: number): string => (key === OTHER ? OTHER_COLOR : PALETTE[index % PALETTE.length]!);
