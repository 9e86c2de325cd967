import { randomUUID } from 'node:crypto';
import type { BroadcastChannel } from 'node:worker_threads';
import type { Database } from '../db/connect.js';
import type { Logger } from '../log/logger.js';

/**
 * token_quota: a token's remaining quota was set, and the slices leased from it cancelled (tokens.ts updateToken).
 * lease_recall: a node is short of an owner's quota ('u12', 't5') that others hold leased (QuotaLeases.recall).
 */
export type InvalidationTopic = 'options' | 'channels' | 'user' | 'token' | 'token_quota' | 'lease_recall';
export type InvalidationHandler = (topic: InvalidationTopic, id: string) => void;

const CHANNEL = 'ferryman_invalidate';

/**
 * Cache invalidation: applied locally at once and, on a shared PostgreSQL, broadcast with NOTIFY so other
 * nodes drop the same entries (each node also reloads on SYNC_FREQUENCY as a fallback). The relay threads of one
 * process on the embedded database are told through a BroadcastChannel instead: every connection there shares
 * PGlite's one session, so a NOTIFY reaches the connection that sent it, never another thread's LISTEN.
 */
export class Invalidation {
  private handlers: InvalidationHandler[] = [];
  private readonly nodeId = randomUUID().slice(0, 8);
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    private readonly threads: BroadcastChannel | null = null,
  ) {}

  async start(): Promise<void> {
    if (this.threads) {
      this.threads.onmessage = (e) => this.receive(String((e as { data: unknown }).data));
      // an idle channel must not keep a stopped relay thread alive
      this.threads.unref();
    }
    if (this.db.kind !== 'postgres') return;
    const sub = await this.db.sql.listen(CHANNEL, (payload) => this.receive(payload));
    this.unlisten = () => sub.unlisten();
  }

  on(handler: InvalidationHandler): void {
    this.handlers.push(handler);
  }

  publish(topic: InvalidationTopic, id: string | number = ''): void {
    this.dispatch(topic, String(id));
    this.tellOthers(topic, id);
  }

  /** Only the other nodes and relay threads hear it. */
  tellOthers(topic: InvalidationTopic, id: string | number = ''): void {
    this.threads?.postMessage(`${this.nodeId}|${topic}|${id}`);
    if (this.db.kind === 'postgres') {
      this.db.sql.notify(CHANNEL, `${this.nodeId}|${topic}|${id}`).catch((e: unknown) => this.log.warn('invalidation notify failed', { error: String(e) }));
    }
  }

  async stop(): Promise<void> {
    this.threads?.close();
    await this.unlisten?.();
  }

  private receive(payload: string): void {
    const [node, topic, id] = payload.split('|');
    if (node === this.nodeId || !topic) return;
    this.dispatch(topic as InvalidationTopic, id ?? '');
  }

  private dispatch(topic: InvalidationTopic, id: string): void {
    for (const h of this.handlers) h(topic, id);
  }
}
