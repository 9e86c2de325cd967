import type { Dispatcher } from 'undici';
import { describe, expect, it } from 'vitest';
import { UpstreamBody } from './upstream-body.js';

class FakeController implements Dispatcher.DispatchController {
  aborted = false;
  paused = false;
  reason: Error | null = null;
  abort(reason: Error) {
    this.aborted = true;
    this.reason = reason;
  }
  pause() {
    this.paused = true;
  }
  resume() {
    this.paused = false;
  }
}

async function readAll(body: UpstreamBody): Promise<string> {
  let out = '';
  for await (const chunk of body) out += chunk.toString();
  return out;
}

describe('UpstreamBody', () => {
  it('delivers chunks pushed before and while reading, in order', async () => {
    const body = new UpstreamBody(new FakeController());
    body.push(Buffer.from('a'));
    const reading = readAll(body);
    body.push(Buffer.from('b'));
    await Promise.resolve();
    body.push(Buffer.from('c'));
    body.end();
    expect(await reading).toBe('abc');
  });

  it('pauses the socket past the high-water mark and resumes once the reader catches up', async () => {
    const c = new FakeController();
    const body = new UpstreamBody(c);
    const big = Buffer.alloc(100 * 1024);
    for (let i = 0; i < 3; i++) body.push(big);
    expect(c.paused).toBe(true);
    const it = body[Symbol.asyncIterator]();
    await it.next();
    expect(c.paused).toBe(true); // 200 KiB still queued
    await it.next();
    expect(c.paused).toBe(false);
  });

  it('hands over queued chunks before the error that followed them', async () => {
    const body = new UpstreamBody(new FakeController());
    body.push(Buffer.from('partial'));
    body.fail(Object.assign(new Error('socket hang up'), { code: 'UND_ERR_SOCKET' }));
    const it = body[Symbol.asyncIterator]();
    expect((await it.next()).value?.toString()).toBe('partial');
    await expect(it.next()).rejects.toMatchObject({ code: 'UND_ERR_SOCKET' });
  });

  it('cancels the call when the reader stops early', async () => {
    const c = new FakeController();
    const body = new UpstreamBody(c);
    body.push(Buffer.from('x'));
    for await (const _ of body) break;
    expect(c.aborted).toBe(true);
    body.push(Buffer.from('late'));
    expect(await readAll(body)).toBe('');
  });

  describe('readAll', () => {
    it('gathers the chunks queued before it and those pushed after, in order', async () => {
      const body = new UpstreamBody(new FakeController());
      body.push(Buffer.from('a'));
      const reading = body.readAll(1024);
      body.push(Buffer.from('b'));
      body.push(Buffer.from('c'));
      body.end();
      expect((await reading).toString()).toBe('abc');
    });

    it('resumes a socket paused while nobody read', async () => {
      const c = new FakeController();
      const body = new UpstreamBody(c);
      for (let i = 0; i < 3; i++) body.push(Buffer.alloc(100 * 1024));
      expect(c.paused).toBe(true);
      const reading = body.readAll(1 << 20);
      expect(c.paused).toBe(false);
      body.end();
      expect((await reading).length).toBe(300 * 1024);
    });

    it('fails past the cap and cancels the call, whether the excess was queued or arrives later', async () => {
      const late = new FakeController();
      const body = new UpstreamBody(late);
      const reading = body.readAll(4);
      body.push(Buffer.from('abc'));
      body.push(Buffer.from('de'));
      await expect(reading).rejects.toThrow('upstream response larger than 4 bytes');
      expect(late.aborted).toBe(true);

      const queued = new FakeController();
      const early = new UpstreamBody(queued);
      early.push(Buffer.from('abcdef'));
      await expect(early.readAll(4)).rejects.toThrow('larger than 4 bytes');
      expect(queued.aborted).toBe(true);
    });

    it('fails with the error that ended the body, before or while reading', async () => {
      const before = new UpstreamBody(new FakeController());
      before.push(Buffer.from('partial'));
      before.fail(Object.assign(new Error('socket hang up'), { code: 'UND_ERR_SOCKET' }));
      await expect(before.readAll(1024)).rejects.toMatchObject({ code: 'UND_ERR_SOCKET' });

      const during = new UpstreamBody(new FakeController());
      const reading = during.readAll(1024);
      during.push(Buffer.from('partial'));
      during.fail(Object.assign(new Error('aborted'), { code: 'CLIENT_GONE' }));
      await expect(reading).rejects.toMatchObject({ code: 'CLIENT_GONE' });
    });

    it('ends with what came when the body is cancelled', async () => {
      const body = new UpstreamBody(new FakeController());
      const reading = body.readAll(1024);
      body.push(Buffer.from('so far'));
      body.destroy();
      expect((await reading).toString()).toBe('so far');
    });
  });
});

