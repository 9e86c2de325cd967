import type { MessagePort } from 'node:worker_threads';

/** Methods one side of a thread link offers the other; arguments and results must survive structured cloning. */
export type RpcMethods = Record<string, (...args: never[]) => unknown>;

/** The calling side of a link: an RpcPeer to another thread, or localPeer on the thread that owns the methods. */
export type RemoteCalls<Remote extends RpcMethods> = Pick<RpcPeer<Remote>, 'call'>;

/**
 * The methods of this same thread behind the interface of a link (relay thread 0 runs on the main thread,
 * core/cluster/start-threads.ts): answered on a later turn, as over a port, an error as a rejection.
 * Nothing is cloned: what a method returns must not be kept and changed by the method's owner afterwards.
 */
export function localPeer<Remote extends RpcMethods>(methods: Remote): RemoteCalls<Remote> {
  return {
    call: (method, ...args) =>
      Promise.resolve().then(() => (methods[method] as (...a: unknown[]) => unknown)(...args)) as Promise<Awaited<ReturnType<Remote[typeof method]>>>,
  };
}

type Request = { t: 'q'; id: number; method: string; args: unknown[] };
type Reply = { t: 'r'; id: number; ok: true; value: unknown } | { t: 'r'; id: number; ok: false; error: string };

/**
 * Both ends of a MessagePort between the main thread and a relay thread: each side serves its own methods and
 * calls the other's. Replies are matched by id, so calls may overlap; an error crosses as its message.
 * The port is unref'd: an idle link must not keep a thread alive once its server has stopped.
 */
export class RpcPeer<Remote extends RpcMethods> {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private closed = false;

  constructor(
    private readonly port: MessagePort,
    local: RpcMethods,
  ) {
    port.on('message', (m: Request | Reply) => {
      if (m.t === 'r') return this.settle(m);
      Promise.resolve()
        .then(() => {
          const fn = local[m.method] as ((...args: unknown[]) => unknown) | undefined;
          if (!fn) throw new Error(`no method ${m.method} on this thread`);
          return fn(...m.args);
        })
        .then(
          (value) => this.send({ t: 'r', id: m.id, ok: true, value }),
          (e: unknown) => this.send({ t: 'r', id: m.id, ok: false, error: e instanceof Error ? e.message : String(e) }),
        );
    });
    // the other thread closed its end or ended: nothing it was asked will be answered
    port.on('close', () => this.close('thread link closed'));
    port.unref();
  }

  call<K extends keyof Remote & string>(method: K, ...args: Parameters<Remote[K]>): Promise<Awaited<ReturnType<Remote[K]>>> {
    if (this.closed) return Promise.reject(new Error('thread link closed'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      // a call in flight keeps the thread alive until its answer arrives
      if (this.pending.size === 1) this.port.ref();
      this.send({ t: 'q', id, method, args });
    });
  }

  /** Fails the calls still waiting (the other thread is gone) and closes the port. */
  close(reason = 'thread link closed'): void {
    if (this.closed) return;
    this.closed = true;
    for (const p of this.pending.values()) p.reject(new Error(reason));
    this.pending.clear();
    this.port.close();
  }

  private settle(m: Reply): void {
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    if (this.pending.size === 0) this.port.unref();
    if (m.ok) p.resolve(m.value);
    else p.reject(new Error(m.error));
  }

  private send(m: Request | Reply): void {
    if (!this.closed) this.port.postMessage(m);
  }
}
