/** Structured JSON-lines logger. Anything that looks like a key or password is redacted before printing. */
export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  debug(msg: string, fields?: Record<string, unknown>): void;
}

const SECRET_FIELD = /pass(word)?|secret|token|key|authorization|cookie/i;
const SK_PATTERN = /sk-[A-Za-z0-9]{6,}/g;

export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(SK_PATTERN, 'sk-***');
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_FIELD.test(k) ? '***' : redact(v, depth + 1);
  return out;
}

export function createLogger(debugEnabled: boolean, write: (line: string) => void = (l) => process.stdout.write(l)): Logger {
  const emit = (level: string, msg: string, fields?: Record<string, unknown>) => {
    const line = { time: new Date().toISOString(), level, msg: redact(msg), ...(fields ? (redact(fields) as object) : {}) };
    write(`${JSON.stringify(line)}\n`);
  };
  return {
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
    debug: (m, f) => {
      if (debugEnabled) emit('debug', m, f);
    },
  };
}
