import { AZURE_DEFAULT_API_VERSION } from '../providers/azure/azure-host.js';
import { z } from 'zod';

// new-api's variable names and defaults (spec relay.md §10, ecosystem.md §1.2), plus DATA_DIR for the
// embedded database. Nothing else in the code base reads process.env.

const bool = <D extends boolean | undefined>(def: D) =>
  z
    .enum(['true', 'false', '1', '0', 'TRUE', 'FALSE', 'True', 'False'])
    .optional()
    .transform((v): boolean | D => (v === undefined ? def : v.toLowerCase() === 'true' || v === '1'));

const int = (def: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .regex(/^-?\d+$/, 'must be an integer')
    .optional()
    .transform((v) => (v === undefined ? def : Number(v)))
    .pipe(z.number().int().min(min).max(max));

const num = (def: number, min = 0) =>
  z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'must be a number')
    .optional()
    .transform((v) => (v === undefined ? def : Number(v)))
    .pipe(z.number().min(min));

const dsn = z
  .string()
  .optional()
  .refine((v) => v === undefined || v === '' || /^postgres(ql)?:\/\//.test(v), {
    message: 'must be a postgres:// or postgresql:// URL (MySQL and SQLite DSNs are not supported; unset it to use the embedded database)',
  })
  .transform((v) => (v ? v : undefined));

export const envSchema = z.object({
  PORT: int(3000, 0, 65535),
  HOST: z.string().default('0.0.0.0'),
  SQL_DSN: dsn,
  LOG_SQL_DSN: dsn,
  /** Days of logs kept: older months are dropped, and older rows of the edge month deleted, hourly on one node; 0 = keep all. */
  LOG_RETENTION_DAYS: int(0, 0, 36_500),
  DATA_DIR: z.string().min(1).default('./data'),
  /** shared_buffers of the embedded database (MB); resident once used, since PGlite's heap never shrinks. */
  EMBEDDED_DB_SHARED_BUFFERS_MB: int(16, 1, 4096),
  /** Seconds between the embedded database's VACUUM rounds, which PostgreSQL's autovacuum does for a server; 0 = none. */
  EMBEDDED_DB_VACUUM_INTERVAL: int(60, 0, 86_400),
  /**
   * Let V8 optimize the embedded database's hot WebAssembly (4–7 % less CPU per relayed request). Unset: on when
   * MALLOC_ARENA_MAX caps glibc at one or two arenas, off otherwise (core/db/wasm-tier.ts).
   */
  EMBEDDED_DB_OPTIMIZING_COMPILER: bool(undefined),
  /** glibc's own variable, read by malloc as the process starts (`npm start` and the image set 1): only looked at here, never refused. */
  MALLOC_ARENA_MAX: z
    .string()
    .optional()
    .transform((v) => (v !== undefined && /^\d+$/.test(v) ? Number(v) : undefined)),
  SQL_MAX_OPEN_CONNS: int(20, 1, 1000),
  /** Seconds a pooled connection lives before it is replaced after its query (new-api's name; 0 = for good); unset: the driver's 30–60 min, spread so the pool does not reconnect at once. */
  SQL_MAX_LIFETIME: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of seconds')
    .optional()
    .transform((v) => (v === undefined ? undefined : Number(v))),
  /** Seconds a PostgreSQL query may wait and run before it is cancelled (core/db/connect.ts); 0 = no limit. */
  SQL_QUERY_TIMEOUT: int(30, 0, 86400),
  SESSION_SECRET: z
    .string()
    .optional()
    .refine((v) => v !== 'random_string', { message: 'must not be the placeholder "random_string"; set a real secret' }),
  CRYPTO_SECRET: z.string().optional(),
  SYNC_FREQUENCY: int(60, 1),
  NODE_TYPE: z.enum(['master', 'slave']).default('master'),
  STREAMING_TIMEOUT: int(300, 1),
  FIRST_BYTE_TIMEOUT: int(300, 1),
  RELAY_TIMEOUT: int(0, 0),
  /** Azure's api-version when neither the client's query nor the channel's `other` gives one (new-api's name and default). */
  AZURE_DEFAULT_API_VERSION: z.string().trim().min(1).default(AZURE_DEFAULT_API_VERSION),
  /**
   * Relay requests in flight at most; beyond it a request is answered 503 with Retry-After at once, before
   * its body is read. 0 = no cap. 512 keeps a flood's memory (bodies, sockets, stream state) within a small VPS.
   */
  RELAY_MAX_IN_FLIGHT: int(512, 0),
  /** Bearer token that /metrics (Prometheus) requires; unset, metrics are off and /metrics is 404. */
  METRICS_TOKEN: z.string().optional(),
  /** A pooled token count still unfinished after this many ms (queueing included) is abandoned and estimated. */
  TOKEN_COUNT_TIMEOUT_MS: int(10_000, 1),
  /** Token-counting worker threads at most (started on demand, gone after 30 s idle, ~65 MB each while up). */
  TOKEN_COUNT_THREADS: int(1, 1, 64),
  /** Counts of less text than this run on the event loop, which then keeps both encodings resident; 0 = never. */
  TOKEN_COUNT_INLINE_BELOW_BYTES: int(0, 0),
  MAX_REQUEST_BODY_MB: int(32, 1, 1024),
  /** Cap of one file fetched from a user's URL (images inlined for Gemini, Bedrock and Vertex), new-api's name and default. */
  MAX_FILE_DOWNLOAD_MB: int(20, 1, 1024),
  /** Body cap of the console API (/api/*), whose bodies are small; MAX_REQUEST_BODY_MB stays for the relay. */
  MAX_API_REQUEST_BODY_MB: int(1, 1, 1024),
  FORCE_STREAM_OPTION: bool(true),
  BATCH_UPDATE_INTERVAL: num(1, 0.05),
  /** Reserve from quota leased into memory on PostgreSQL too (false: one reservation statement per request). */
  QUOTA_LEASES: bool(true),
  /** Seconds without a heartbeat after which other nodes return a node's leased quota (it stops using it at half). */
  QUOTA_LEASE_HEARTBEAT_TIMEOUT: int(30, 3, 3600),
  /** Seconds a leased slice may go unused before it is handed back to its owner's balance. */
  QUOTA_LEASE_IDLE_TIMEOUT: num(1.5, 0.1),
  ERROR_LOG_ENABLED: bool(false),
  GENERATE_DEFAULT_TOKEN: bool(false),
  GLOBAL_API_RATE_LIMIT_ENABLE: bool(true),
  GLOBAL_API_RATE_LIMIT: int(180, 1),
  GLOBAL_API_RATE_LIMIT_DURATION: int(180, 1),
  GLOBAL_WEB_RATE_LIMIT_ENABLE: bool(true),
  GLOBAL_WEB_RATE_LIMIT: int(60, 1),
  GLOBAL_WEB_RATE_LIMIT_DURATION: int(180, 1),
  CRITICAL_RATE_LIMIT_ENABLE: bool(true),
  CRITICAL_RATE_LIMIT: int(20, 1),
  CRITICAL_RATE_LIMIT_DURATION: int(1200, 1),
  NOTIFY_LIMIT_COUNT: int(2, 0),
  NOTIFICATION_LIMIT_DURATION_MINUTE: int(10, 1),
  /**
   * Lets URLs that users supply (notification webhooks, image URLs inlined for a channel) reach loopback and private addresses (10/8, 172.16/12,
   * 192.168/16, 100.64/10, fc00::/7). Link-local, cloud metadata, multicast and reserved ones stay refused.
   * new-api has no such switch (its fetch_setting.allow_private_ip covers every outbound call).
   */
  USER_URL_ALLOW_PRIVATE: bool(false),
  /**
   * Lets URLs the operator sets (channel base URLs, OIDC / GitHub / Linux DO / Turnstile / WeChat endpoints)
   * reach loopback and private addresses: a local Ollama, a self-hosted vLLM or identity provider. false
   * forbids that too (new-api's fetch_setting.allow_private_ip, off there by default).
   */
  ADMIN_URL_ALLOW_PRIVATE: bool(true),
  /** Lets URLs the operator sets reach cloud metadata addresses; users' URLs never do. */
  ADMIN_URL_ALLOW_METADATA: bool(false),
  TRUSTED_PROXIES: z.string().optional(),
  CHANNEL_TEST_FREQUENCY: int(0, 0),
  CHANNEL_UPDATE_FREQUENCY: int(0, 0),
  POLLING_INTERVAL: int(0, 0),
  UPDATE_TASK: bool(true),
  /** unfinished Midjourney/Suno tasks read per poll and platform (new-api's name) */
  TASK_QUERY_LIMIT: int(1000, 1),
  /** a task unfinished this long after submit fails and is refunded; 0 = never (new-api's name) */
  TASK_TIMEOUT_MINUTES: int(1440, 0),
  /** seconds between task polls (new-api sleeps a fixed 15 s) */
  TASK_POLL_INTERVAL_SECONDS: num(15, 0.05),
  STARTUP_RETRY_ATTEMPTS: int(30, 1),
  STARTUP_RETRY_INTERVAL_MS: int(2000, 0),
  /** Where every node counts its rate limits and notifications (core/redis); unset keeps them in each process's memory. */
  REDIS_CONN_STRING: z
    .string()
    .optional()
    .refine((v) => v === undefined || /^rediss?:\/\//.test(v), { message: 'must be a redis:// or rediss:// URL' }),
  /** new-api's high-availability Redis, taken before REDIS_CONN_STRING: the Sentinels of REDIS_MASTER_NAME's master, or one server. */
  REDIS_HA_CONN_STRING: z
    .string()
    .optional()
    .refine((v) => v === undefined || /^[A-Za-z0-9._-]+:\d{1,5}(,[A-Za-z0-9._-]+:\d{1,5})*$/.test(v), { message: 'must be host:port, or a comma-separated list of them' }),
  REDIS_MASTER_NAME: z.string().optional(),
  /** new-api's go-redis pool; accepted, not used: ioredis multiplexes every command over one connection. */
  REDIS_POOL_SIZE: int(10, 1),
  MEMORY_CACHE_ENABLED: bool(true),
  VERSION: z.string().default('v0.1.0'),
  DEBUG: bool(false),
  PWA_DIST: z.string().optional(),
  FERRYMAN_EXPOSE_DB: bool(false),
  /** Keep V8's heaps small (core/config/heap-tuning.ts); false leaves V8's throughput-first sizing. */
  FERRYMAN_HEAP_TUNING: bool(true),
  /**
   * Relay threads serving the port (core/cluster): 1 = one event loop; 0 = one per core (os.availableParallelism()).
   * Default 1: each thread after the main one is a whole gateway isolate (+45–90 MB), and two threads exceed the
   * issue's memory bounds on a 2-core machine (README "All cores").
   */
  FERRYMAN_THREADS: int(1, 0, 256),
  /** Exit when the parent process dies (test harnesses and supervisors that spawn the gateway). */
  FERRYMAN_EXIT_WITH_PARENT: bool(false),
  /** Tests only: SIGUSR2 makes relay thread 1 throw outside any handler, as a bug would (core/cluster). */
  FERRYMAN_TEST_FAULTS: bool(false),
  // Third-party sign-in endpoints; overridable so tests (and private mirrors) can stand in for them.
  // new-api reads LINUX_DO_TOKEN_ENDPOINT / LINUX_DO_USER_ENDPOINT; the GitHub and Turnstile ones follow suit.
  GITHUB_TOKEN_ENDPOINT: z.url().default('https://github.com/login/oauth/access_token'),
  GITHUB_USER_ENDPOINT: z.url().default('https://api.github.com/user'),
  LINUX_DO_TOKEN_ENDPOINT: z.url().default('https://connect.linux.do/oauth2/token'),
  LINUX_DO_USER_ENDPOINT: z.url().default('https://connect.linux.do/api/user'),
  TURNSTILE_VERIFY_URL: z.url().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  /** The OAuth token endpoint Codex channels (type 57) refresh their ChatGPT access tokens at (new-api's fixed one). */
  CODEX_OAUTH_TOKEN_ENDPOINT: z.url().default('https://auth.openai.com/oauth/token'),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Parses the environment; a bad value names its variable so a start failure is actionable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const v = source[key];
    if (v !== undefined && v !== '') picked[key] = v;
  }
  const parsed = envSchema.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0] ?? '?')}=${JSON.stringify(picked[String(i.path[0])] ?? '')}: ${i.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  // go-redis takes several addresses without a master name for Redis Cluster, which is not spoken here
  const ha = parsed.data.REDIS_HA_CONN_STRING;
  if (ha?.includes(',') && !parsed.data.REDIS_MASTER_NAME) {
    throw new EnvError(`Invalid environment configuration:\n  REDIS_HA_CONN_STRING=${JSON.stringify(ha)}: several addresses need REDIS_MASTER_NAME (Redis Sentinel); Redis Cluster is not supported`);
  }
  return parsed.data;
}
