import type { ChannelConfig } from './channel-config.js';
import { failed, initialChannelState, isOpen, released, started, succeeded, type ChannelState } from './channel-state.js';
import { Mailbox } from './mailbox.js';

type Message =
  | { kind: 'start' }
  | { kind: 'success'; elapsedMs: number }
  | { kind: 'failure'; now: number }
  | { kind: 'release' };

/**
 * Owns one channel's live state. Every change goes through the mailbox so transitions are serialised;
 * selection reads `state` synchronously. The actor survives directory rebuilds (state is per channel id).
 */
export class ChannelActor {
  state: ChannelState = initialChannelState();
  private keyCursor = 0;
  private readonly mailbox = new Mailbox<Message>((m) => this.receive(m));

  constructor(public config: ChannelConfig) {}

  get id(): number {
    return this.config.id;
  }

  available(now: number): boolean {
    return !isOpen(this.state, now);
  }

  /** Round-robin over the channel's keys (one key per line). */
  nextKey(): string {
    const keys = this.config.keys;
    if (keys.length === 0) return '';
    const key = keys[this.keyCursor % keys.length]!;
    this.keyCursor = (this.keyCursor + 1) % keys.length;
    return key;
  }

  start(): void {
    this.mailbox.send({ kind: 'start' });
  }
  succeed(elapsedMs: number): void {
    this.mailbox.send({ kind: 'success', elapsedMs });
  }
  fail(now = Date.now()): void {
    this.mailbox.send({ kind: 'failure', now });
  }
  release(): void {
    this.mailbox.send({ kind: 'release' });
  }

  private receive(m: Message): void {
    switch (m.kind) {
      case 'start':
        this.state = started(this.state);
        return;
      case 'success':
        this.state = succeeded(this.state, m.elapsedMs);
        return;
      case 'failure':
        this.state = failed(this.state, m.now);
        return;
      case 'release':
        this.state = released(this.state);
        return;
    }
  }
}
