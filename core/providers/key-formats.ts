// Composite-key checks for the console's key hints (seeds: channel form), one per shape.

/** `n` non-blank parts joined by `sep` (APIKey|SecretKey, Ak|Sk|Region, …). */
export const joinedParts = (n: number, sep = '|') => (key: string): boolean => {
  const parts = key.split(sep);
  return parts.length === n && parts.every((p) => p.trim() !== '');
};

/** Kling and Jimeng: AccessKey|SecretKey (each call signed with it), or the `sk-` key of another new-api relaying them. */
export const accessPairOrRelayKey = (key: string): boolean => key.startsWith('sk-') || joinedParts(2)(key);

/** Zhipu v3's `id.secret` (the secret signs the JWT it is sent as): one dot, neither side empty. */
export const idDotSecret = joinedParts(2, '.');

/** APIKey-AppId: the app id follows the last dash, and neither side is empty. */
export const keyDashAppId = (key: string): boolean => key.lastIndexOf('-') > 0 && key.lastIndexOf('-') < key.length - 1;

/** A service-account JSON document. */
export function jsonObjectKey(key: string): boolean {
  try {
    const v = JSON.parse(key) as unknown;
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  } catch {
    return false;
  }
}
