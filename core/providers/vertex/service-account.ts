/** The fields of a Google service-account key a token exchange needs. */
export interface ServiceAccount {
  client_email: string;
  private_key: string;
  private_key_id: string;
  project_id: string;
  token_uri: string;
}

const DEFAULT_TOKEN_URI = 'https://oauth2.googleapis.com/token';
const REQUIRED = ['client_email', 'private_key', 'project_id'] as const;

/** A Vertex channel key (one service-account JSON document); throws naming what is missing. */
export function parseServiceAccount(key: string): ServiceAccount {
  let v: unknown;
  try {
    v = JSON.parse(key);
  } catch {
    throw new Error('the Vertex key is not a service-account JSON document');
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new Error('the Vertex key is not a service-account JSON document');
  const doc = v as Record<string, unknown>;
  const text = (name: string) => (typeof doc[name] === 'string' ? (doc[name] as string) : '');
  const missing = REQUIRED.filter((name) => !text(name));
  if (missing.length) throw new Error(`the Vertex service account lacks ${missing.join(', ')}`);
  return {
    client_email: text('client_email'),
    private_key: text('private_key'),
    private_key_id: text('private_key_id'),
    project_id: text('project_id'),
    token_uri: text('token_uri') || DEFAULT_TOKEN_URI,
  };
}
