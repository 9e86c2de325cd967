import { z } from 'zod';
import { shortText } from '../../contracts/bounded-text.js';
import { parseInput, type ApiContext } from '../api-context.js';

/**
 * Query parameters of the history routes (logs, dashboard data, drawings, tasks). new-api reads numbers
 * with strconv.Atoi/ParseInt and ignores the error, so anything that is not a plain integer counts as 0,
 * which every filter treats as "not set".
 */
export const intParam = z
  .string()
  .regex(/^[+-]?\d{1,16}$/)
  .transform(Number)
  .catch(0);

/**
 * A text parameter: missing is "", which every filter treats as "not set"; over SHORT_TEXT_MAX characters or
 * holding NUL it is refused before the query (reliability-security S14).
 */
export const textParam = shortText.default('');

/**
 * Parses the query with a schema of intParam/textParam fields (refusals as parseInput); like gin's c.Query,
 * the first value of a repeated key wins.
 */
export function readQuery<S extends z.ZodType>(c: ApiContext, schema: S): z.infer<S> {
  const raw: Record<string, string> = {};
  for (const [k, v] of c.query) if (!(k in raw)) raw[k] = v;
  return parseInput(schema, raw);
}
