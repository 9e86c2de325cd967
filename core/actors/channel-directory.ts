import type { Sql } from '../db/connect.js';
import type { ChannelRow } from '../db/rows.js';
import { ChannelActor } from './channel-actor.js';
import { toChannelConfig } from './channel-config.js';
import { selectChannel, type Tier } from './select-channel.js';

/**
 * group → model → priority tiers of enabled channels, rebuilt from the channels table whenever a channel
 * changes (and on SYNC_FREQUENCY as a fallback). Actors are kept across rebuilds so live state survives.
 */
export class ChannelDirectory {
  private index = new Map<string, Map<string, Tier[]>>();
  private actors = new Map<number, ChannelActor>();
  private rebuilding: Promise<void> | null = null;
  private pending = false;

  constructor(
    private readonly sql: Sql,
    private readonly ownerName: (type: number) => string = () => 'custom',
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

  select(group: string, model: string, exclude: ReadonlySet<number>, now = Date.now()): ChannelActor | null {
    return selectChannel(this.index.get(group)?.get(model), exclude, now);
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

  /** A pinned channel (admin `sk-key-<id>`), enabled or not; the caller checks status. */
  async loadOne(id: number): Promise<ChannelActor | null> {
    const existing = this.actors.get(id);
    if (existing) return existing;
    const [row] = await this.sql<ChannelRow[]>`SELECT * FROM channels WHERE id = ${id}`;
    return row ? new ChannelActor(toChannelConfig(row)) : null;
  }

  private async load(): Promise<void> {
    const rows = await this.sql<ChannelRow[]>`SELECT * FROM channels ORDER BY id`;
    const index = new Map<string, Map<string, Map<number, ChannelActor[]>>>();
    const actors = new Map<number, ChannelActor>();
    for (const row of rows) {
      const config = toChannelConfig(row);
      const actor = this.actors.get(config.id) ?? new ChannelActor(config);
      actor.config = config;
      actors.set(config.id, actor);
      if (config.status !== 1) continue;
      for (const group of config.groups) {
        let byModel = index.get(group);
        if (!byModel) index.set(group, (byModel = new Map()));
        for (const model of config.models) {
          let byPriority = byModel.get(model);
          if (!byPriority) byModel.set(model, (byPriority = new Map()));
          const list = byPriority.get(config.priority) ?? [];
          if (!list.includes(actor)) list.push(actor);
          byPriority.set(config.priority, list);
        }
      }
    }
    const built = new Map<string, Map<string, Tier[]>>();
    for (const [group, byModel] of index) {
      const models = new Map<string, Tier[]>();
      for (const [model, byPriority] of byModel) {
        models.set(
          model,
          [...byPriority.entries()].sort((a, b) => b[0] - a[0]).map(([priority, channels]) => ({ priority, channels })),
        );
      }
      built.set(group, models);
    }
    this.index = built;
    this.actors = actors;
  }
}
