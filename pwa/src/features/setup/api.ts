import { queryOptions } from '@tanstack/react-query';
import type { SetupRequest, SetupStatus } from '../../../../core/contracts/status';
import { api, request } from '../../lib/http-client';
import type { Envelope } from '../../../../core/contracts/envelope';

export const setupStatusQuery = () =>
  queryOptions({ queryKey: ['setup'], queryFn: () => api.get<SetupStatus>('/api/setup'), staleTime: 0, meta: { silent: true } });

/** Errors come back as HTTP 400/500 with an envelope; the message is shown as is. */
export const submitSetup = (body: SetupRequest) =>
  request<Envelope<undefined>>('POST', '/api/setup', { body, envelopeOnError: true });

/** Databases that keep data inside the gateway's data directory. */
export function isEmbeddedDatabase(type: string): boolean {
  return ['sqlite', 'pglite', 'embedded'].includes(type.toLowerCase());
}
