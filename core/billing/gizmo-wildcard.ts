/**
 * new-api prices every custom GPT ("gpt-4-gizmo-g-abc…", "gpt-4o-gizmo-g-…") under one wildcard key,
 * and logs the request under that key too. Prefix match, exactly as new-api's strings.HasPrefix.
 */
export function gizmoWildcard(model: string): string {
  if (model.startsWith('gpt-4-gizmo')) return 'gpt-4-gizmo-*';
  if (model.startsWith('gpt-4o-gizmo')) return 'gpt-4o-gizmo-*';
  return model;
}
