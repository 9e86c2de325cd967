/** The tabs of /setting, held in ?tab= (seeds: operation is the default). */
export const SETTINGS_TABS = ['operation', 'ratelimit', 'models', 'system', 'other'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export function parseSettingsTab(value: unknown): SettingsTab {
  return SETTINGS_TABS.includes(value as SettingsTab) ? (value as SettingsTab) : 'operation';
}
