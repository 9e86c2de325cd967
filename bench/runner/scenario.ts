// The one request every target is measured with.

export interface Target {
  name: string;
  url: string;
  key: string;
}

export type Mode = 'non-stream' | 'stream';

export const MODES: readonly Mode[] = ['non-stream', 'stream'];

export const SCENARIO_PATH = '/v1/chat/completions';

export function scenarioBody(mode: Mode): string {
  const body: Record<string, unknown> = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };
  if (mode === 'stream') body.stream = true;
  return JSON.stringify(body);
}

export function scenarioHeaders(target: Target): Record<string, string> {
  return { 'content-type': 'application/json', authorization: `Bearer ${target.key}` };
}
