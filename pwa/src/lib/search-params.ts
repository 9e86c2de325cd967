/** Small coercions for URL search params (TanStack validateSearch). */
export function searchString(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;
}

export function searchNumber(value: unknown, fallback: number, { min, max }: { min?: number; max?: number } = {}): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(n)) return fallback;
  if (min !== undefined && n < min) return fallback;
  if (max !== undefined && n > max) return fallback;
  return n;
}

export function searchFlag(value: unknown): boolean {
  return value === true || value === 'true' || value === 1 || value === '1';
}

export function optionalString(value: unknown): string | undefined {
  const s = searchString(value);
  return s ? s : undefined;
}
