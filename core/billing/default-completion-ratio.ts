/**
 * Default of the CompletionRatio option as new-api stores it. The effective completion ratio is mostly
 * hard-coded by name (completionRatioFor); this map is only the fallback.
 */
export const DEFAULT_COMPLETION_RATIO: Readonly<Record<string, number>> = {
  'gpt-4-gizmo-*': 2,
  'gpt-4o-gizmo-*': 3,
  'gpt-4-all': 2,
  'gpt-image-1': 8,
};
