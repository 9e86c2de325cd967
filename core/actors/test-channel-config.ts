import type { ChannelConfig } from './channel-config.js';

/** A complete channel configuration for unit tests: three keys of an enabled multi-key channel, polled. */
export function testConfig(over: Partial<ChannelConfig> = {}): ChannelConfig {
  return {
    id: 1, type: 1, name: 'c', keys: ['k0', 'k1', 'k2'], baseUrl: '', models: [], groups: [], priority: 0, weight: 0, status: 1, autoBan: true,
    modelMapping: {}, statusCodeMapping: {}, paramOverride: null, headerOverride: null, setting: {}, other: '', openaiOrganization: '', testModel: '', createdTime: 0,
    multiKey: { enabled: true, mode: 'polling', statuses: {}, pollingIndex: 0 },
    ...over,
  };
}
