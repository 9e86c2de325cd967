import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  path: string;
  method: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushReceiver {
  /** base URL on 127.0.0.1; each test subscription uses its own path under it */
  url: string;
  received: ReceivedPush[];
  /** the HTTP status answered for a path (default 201, as push services answer) */
  answer(path: string, status: number): void;
  close(): Promise<void>;
}

/** A stand-in push service: records every request and answers 201 (or the status set for a path). */
export async function startPushReceiver(): Promise<PushReceiver> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', method: req.method ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(statuses.get(req.url ?? '') ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (path, status) => statuses.set(path, status),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface BrowserPushKeys {
  /** base64url, as PushSubscription.toJSON() gives them */
  p256dh: string;
  auth: string;
  /** Decrypts an aes128gcm push message body (RFC 8188 + RFC 8291) with the browser's private key. */
  decrypt(body: Buffer): string;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** A browser's subscription keys: a P-256 key pair and a 16-byte auth secret. */
export function browserPushKeys(): BrowserPushKeys {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    p256dh: publicKey.toString('base64url'),
    auth: authSecret.toString('base64url'),
    decrypt(body) {
      const salt = body.subarray(0, 16);
      const idLength = body[20]!;
      const serverKey = body.subarray(21, 21 + idLength);
      const content = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(serverKey);
      const prkKey = hmac(authSecret, shared);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, serverKey, Buffer.from([1])]);
      const ikm = hmac(prkKey, keyInfo);
      const prk = hmac(salt, ikm);
      const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
      const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(content.subarray(content.length - 16));
      const padded = Buffer.concat([decipher.update(content.subarray(0, content.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 0x02 followed by zero padding.
      let end = padded.length - 1;
      while (end > 0 && padded[end] === 0) end--;
      return padded.subarray(0, end).toString('utf8');
    },
  };
}
