/** JSON text → its value; null for empty or broken text (stored JSON columns, upstream answers). */
export function parseJsonText(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
