/** One variant of `bench/compare-flags.ts`: words starting with `-` are node flags, `NAME=value` words environment. */
export interface Variant {
  nodeArgs: string[];
  env: Record<string, string>;
}

export function parseVariant(text: string): Variant {
  const nodeArgs: string[] = [];
  const env: Record<string, string> = {};
  for (const word of text.split(' ').filter(Boolean)) {
    if (word.startsWith('-')) {
      nodeArgs.push(word);
      continue;
    }
    const eq = word.indexOf('=');
    if (eq <= 0) throw new Error(`"${word}" in variant "${text}" is neither a node flag (-…) nor NAME=value`);
    env[word.slice(0, eq)] = word.slice(eq + 1);
  }
  return { nodeArgs, env };
}
