import type { Sql } from '../db/connect.js';
import type { ChannelRow } from '../db/rows.js';
import { ChannelActor, type ActorHooks } from './channel-actor.js';
import { toChannelConfig } from './channel-config.js';
import { buildRoutingIndex, type AbilityRow, type RoutingIndex } from './routing-index.js';
import { selectChannel, type ChannelTypeFilter } from './select-channel.js';

/**
 * group → model → priority tiers of enabled channels, rebuilt from the abilities and channels tables whenever
 * a channel changes (and on SYNC_FREQUENCY as a fallback). Actors are kept across rebuilds so live state
 * survives; every channel has one, enabled or not, so tests and balances reach disabled channels too.
 */
export class ChannelDirectory {
  private index: RoutingIndex = new Map();
  private actors = new Map<number, ChannelActor>();
  private rebuilding: Promise<void> | null = null;
  private pending = false;

  constructor(
    private readonly sql: Sql,
    private readonly ownerName: (type: number) => string = () => 'custom',
    private readonly hooks?: ActorHooks,
  ) {}

  /** Coalesces concurrent rebuild requests into at most one running and one queued rebuild. */
  rebuild(): Promise<void> {
    if (this.rebuilding) {
      this.pending = true;
      return this.rebuilding;
    }
    this.rebuilding = (async () => {
      try {
        do {
          this.pending = false;
          await this.load();
        } while (this.pending);
      } finally {
        this.rebuilding = null;
      }
    })();
    return this.rebuilding;
  }

  /** `serves`: only channels of the types that can take the request kind (media); the chat path passes none. */
  select(group: string, model: string, exclude: ReadonlySet<number>, now = Date.now(), serves?: ChannelTypeFilter): ChannelActor | null {
    return selectChannel(this.index.get(group)?.get(model), exclude, now, Math.random, serves);
  }

  /** Models with at least one enabled channel in the group (for /v1/models). */
  modelsFor(group: string): string[] {
    return [...(this.index.get(group)?.keys() ?? [])];
  }

  /** The provider of the first channel serving the model (the owned_by of /v1/models). */
  ownerOf(group: string, model: string): string | undefined {
    const ch = this.index.get(group)?.get(model)?.[0]?.channels[0];
    return ch ? this.ownerName(ch.config.type) : undefined;
  }

  /** Every channel's actor, enabled or not (read by /metrics at scrape time). */
  all(): IterableIterator<ChannelActor> {
    return this.actors.values();
  }

  /** A pinned channel (admin `sk-key-<id>`), enabled or not; the caller checks status. */
  async loadOne(id: number): Promise<ChannelActor | null> {
    return this.actors.get(id) ?? this.refresh(id);
  }

  /** The channel's actor with its configuration read afresh from the database (channel tests, balances). */
  async refresh(id: number): Promise<ChannelActor | null> {
    const [row] = await this.sql<ChannelRow[]>`SELECT * FROM channels WHERE id = ${id}`;
    if (!row) return null;
    const config = toChannelConfig(row);
    let actor = this.actors.get(id);
    if (actor) actor.config = config;
    else this.actors.set(id, (actor = new ChannelActor(config, this.hooks)));
    return actor;
  }

  private async load(): Promise<void> {
    const rows = await this.sql<ChannelRow[]>`SELECT * FROM channels ORDER BY id`;
    const abilities = await this.sql<AbilityRow[]>`SELECT "group", model, channel_id, priority FROM abilities WHERE enabled`;
    const actors = new Map<number, ChannelActor>();
    for (const row of rows) {
      const config = toChannelConfig(row);
      const actor = this.actors.get(config.id) ?? new ChannelActor(config, this.hooks);
      actor.config = config;
      actors.set(config.id, actor);
    }
    this.index = buildRoutingIndex(abilities, actors);
    this.actors = actors;
  }
}
