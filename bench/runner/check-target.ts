// A benchmark of a target that answers 401 or 502 measures nothing; refuse to
// start unless one real request succeeds end to end.
import { request } from 'undici';
import { SCENARIO_PATH, scenarioBody, scenarioHeaders, type Mode, type Target } from './scenario.js';

export async function checkTarget(target: Target, mode: Mode): Promise<void> {
  const response = await request(target.url + SCENARIO_PATH, {
    method: 'POST',
    headers: scenarioHeaders(target),
    body: scenarioBody(mode),
    headersTimeout: 10_000,
    bodyTimeout: 10_000,
  });
  const text = await response.body.text();
  const problem =
    response.statusCode !== 200
      ? `status ${response.statusCode}`
      : mode === 'stream' && !text.includes('data: [DONE]')
        ? 'stream did not end with data: [DONE]'
        : mode === 'non-stream' && !text.includes('"choices"')
          ? 'body has no choices'
          : null;
  if (problem) {
    throw new Error(`${target.name} (${mode}) is not serving the scenario: ${problem}\n${text.slice(0, 500)}`);
  }
}
