const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random 6-character alphanumeric suffix. */
export function randomSuffix(random: () => number = Math.random): string {
  let out = '';
  for (let i = 0; i < 6; i++) out += ALPHABET[Math.floor(random() * ALPHABET.length)] ?? 'x';
  return out;
}

/** Names for a batch: the first keeps the name, every extra one gets `-<6 random chars>`. */
export function batchTokenNames(name: string, count: number, random: () => number = Math.random): string[] {
  const n = Math.max(1, Math.floor(count));
  return Array.from({ length: n }, (_, i) => (i === 0 ? name : `${name}-${randomSuffix(random)}`));
}
