/**
 * Whether JSON text nests deeper than `limit` arrays/objects. A linear byte scan that skips string
 * contents; it stops as soon as the limit is passed, so hostile input costs at most one pass.
 */
export function exceedsJsonDepth(buf: Uint8Array, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i]!;
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
