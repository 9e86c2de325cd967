// Azure OpenAI's deployment routes: the OpenAI answers, once the request carries what Azure insists on.
import type { Endpoint } from './mock-request.js';

/**
 * Azure answers 401 without an `api-key` header and 404 without an `api-version` query parameter; the mock
 * does the same, in Azure's error shape, then answers as the OpenAI route would.
 */
export function azureDeployment(openAi: Endpoint): Endpoint {
  return (exchange, request) => {
    if (request.credential.value === '') {
      return exchange.json(401, { error: { code: '401', message: 'Access denied due to invalid subscription key or wrong API endpoint.' } });
    }
    if (!request.query.get('api-version')) return exchange.json(404, { error: { code: '404', message: 'Resource not found' } });
    openAi(exchange, request);
  };
}
