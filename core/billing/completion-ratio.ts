import { gizmoWildcard } from './gizmo-wildcard.js';
import { lookupRatio } from './lookup-ratio.js';

/** A hard-coded family ratio; `fixed` ratios beat the admin's CompletionRatio map, others are defaults. */
interface FamilyRatio {
  ratio: number;
  fixed: boolean;
}

const fixed = (ratio: number): FamilyRatio => ({ ratio, fixed: true });
const fallback = (ratio: number): FamilyRatio => ({ ratio, fixed: false });

/**
 * The effective completion (output) ratio of a model, with new-api B's precedence
 * (GetCompletionRatio / getHardcodedCompletionModelRatio):
 * 1. names containing "/" (OpenRouter-style ids) take the configured map when it has an entry;
 * 2. well-known families have hard-coded ratios that win over the configured map (gpt-5, newer than B, as
 *    new-api's later table has it);
 * 3. then the configured map;
 * 4. then the family's overridable default ("other gpt-4" 2, gemini 4, command 4), else 1.
 * Gizmo names are looked up under their wildcard key.
 */
export function completionRatioFor(model: string, configured: Readonly<Record<string, number>>): number {
  const name = gizmoWildcard(model);
  if (name.includes('/')) {
    const own = lookupRatio(configured, name);
    if (own !== undefined) return own;
  }
  const family = familyRatio(name);
  if (family.fixed) return family.ratio;
  return lookupRatio(configured, name) ?? family.ratio;
}

function familyRatio(name: string): FamilyRatio {
  if (name.startsWith('gpt-4') && !name.endsWith('-all') && !name.endsWith('-gizmo-*')) {
    if (name.startsWith('gpt-4o')) return fixed(name === 'gpt-4o-2024-05-13' ? 3 : 4);
    if (name.startsWith('gpt-4.5-preview')) return fixed(2);
    if (name.startsWith('gpt-4-turbo') || name.endsWith('gpt-4-1106') || name.endsWith('gpt-4-1105')) return fixed(3);
    return fallback(2);
  }
  // The gpt-5 family came after B; new-api's later table locks it like gpt-4o (so do its Codex compactions).
  if (name.startsWith('gpt-5') && !name.endsWith('-all') && !name.endsWith('-gizmo-*')) {
    if (name.startsWith('gpt-5.4')) return fixed(name.startsWith('gpt-5.4-nano') ? 6.25 : 6);
    return fixed(8);
  }
  if (name.startsWith('o1') || name.startsWith('o3')) return fixed(4);
  if (name === 'chatgpt-4o-latest') return fixed(3);
  if (name.includes('claude-3') || name.includes('claude-sonnet-4') || name.includes('claude-opus-4')) return fixed(5);
  if (name.includes('claude-instant-1') || name.includes('claude-2')) return fixed(3);
  if (name.startsWith('gpt-3.5')) {
    if (name === 'gpt-3.5-turbo' || name.endsWith('0125')) return fixed(3);
    if (name.endsWith('1106')) return fixed(2);
    return fixed(4 / 3);
  }
  if (name.startsWith('mistral-')) return fixed(3);
  if (name.startsWith('gemini-')) return geminiRatio(name);
  if (name.startsWith('command')) return commandRatio(name);
  // Only the official DeepSeek names: open-weight hosts price their own completions.
  const lower = name.toLowerCase();
  if (lower === 'deepseek-chat' || lower === 'deepseek-reasoner') return fixed(4);
  if (['ERNIE-Speed-', 'ERNIE-Lite-', 'ERNIE-Character', 'ERNIE-Functions'].some((p) => name.startsWith(p))) {
    return fixed(2);
  }
  if (name === 'llama2-70b-4096') return fixed(0.8 / 0.64);
  if (name === 'llama3-8b-8192') return fixed(2);
  if (name === 'llama3-70b-8192') return fixed(0.79 / 0.59);
  return fallback(1);
}

function geminiRatio(name: string): FamilyRatio {
  if (name.startsWith('gemini-1.5') || name.startsWith('gemini-2.0')) return fixed(4);
  if (name.startsWith('gemini-2.5-pro-preview')) return fixed(8);
  if (name.startsWith('gemini-2.5-flash-preview')) return fallback(name.endsWith('-nothinking') ? 4 : 3.5 / 0.6);
  return fallback(4);
}

function commandRatio(name: string): FamilyRatio {
  switch (name) {
    case 'command-r':
      return fixed(3);
    case 'command-r-plus':
      return fixed(5);
    case 'command-r-08-2024':
    case 'command-r-plus-08-2024':
      return fixed(4);
    default:
      return fallback(4);
  }
}
