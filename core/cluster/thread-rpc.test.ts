import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { localPeer, RpcPeer } from './thread-rpc.js';

type Left = { add(a: number, b: number): number; fail(): never; slow(ms: number, v: string): Promise<string> };
type Right = { hello(name: string): string };

describe('RpcPeer', () => {
  const peers: { close(): void }[] = [];
  afterEach(() => {
    for (const p of peers.splice(0)) p.close();
  });

  function link() {
    const { port1, port2 } = new MessageChannel();
    const left: Left = {
      add: (a, b) => a + b,
      fail: () => {
        throw new Error('left failed');
      },
      slow: (ms, v) => new Promise((r) => setTimeout(() => r(v), ms)),
    };
    const right: Right = { hello: (name) => `hello ${name}` };
    // each side serves its own methods and calls the other's
    const a = new RpcPeer<Right>(port1, left);
    const b = new RpcPeer<Left>(port2, right);
    peers.push(a, b);
    return { a, b };
  }

  it('calls the other side both ways', async () => {
    const { a, b } = link();
    expect(await b.call('add', 2, 3)).toBe(5);
    expect(await a.call('hello', 'thread')).toBe('hello thread');
  });

  it('matches overlapping calls to their answers', async () => {
    const { b } = link();
    const answers = await Promise.all([b.call('slow', 30, 'first'), b.call('slow', 1, 'second'), b.call('add', 1, 1)]);
    expect(answers).toEqual(['first', 'second', 2]);
  });

  it('carries an error back as its message', async () => {
    const { b } = link();
    await expect(b.call('fail')).rejects.toThrow('left failed');
  });

  it('fails the calls in flight when the other side closes', async () => {
    const { a, b } = link();
    const pending = b.call('slow', 1000, 'never');
    a.close();
    await expect(pending).rejects.toThrow('thread link closed');
    await expect(b.call('add', 1, 2)).rejects.toThrow('thread link closed');
  });
});

describe('localPeer', () => {
  const methods = {
    fail: (): never => {
      throw new Error('failed in place');
    },
  };

  it('runs the method on a later turn, as a link would', async () => {
    const order: string[] = [];
    const peer = localPeer({ add: (a: number, b: number) => (order.push('method ran'), a + b) });
    const answer = peer.call('add', 2, 3).then((v) => order.push(`answer ${v}`));
    order.push('after the call');
    await answer;
    expect(order).toEqual(['after the call', 'method ran', 'answer 5']);
  });

  it('turns a throw into a rejection', async () => {
    await expect(localPeer(methods).call('fail')).rejects.toThrow('failed in place');
  });
});
