import { createServer, type Socket } from 'node:net';
import { eventually } from './console-client.js';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** decoded Subject header */
  subject: string;
  /** decoded body (base64 and quoted-printable undone) */
  body: string;
  raw: string;
}

export interface FakeSmtp {
  port: number;
  mails: ReceivedMail[];
  /** the newest mail to `to`, waiting up to 5 s for it */
  mailTo(to: string, count?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

/**
 * A plain SMTP listener on 127.0.0.1 (no TLS, no AUTH) that accepts every message and records it, so tests
 * can read the verification codes and reset links the gateway mails.
 */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const mails: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    serveSession(socket, (m) => mails.push(m));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake smtp did not bind');
  const sentTo = (to: string) => mails.filter((m) => m.to.includes(to));
  return {
    port: address.port,
    mails,
    async mailTo(to, count = 1) {
      const found = await eventually(async () => sentTo(to), (list) => list.length >= count);
      if (found.length < count) throw new Error(`no mail #${count} to ${to}; got ${mails.map((m) => m.to.join(',')).join(' | ')}`);
      return found[found.length - 1]!;
    },
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function serveSession(socket: Socket, deliver: (m: ReceivedMail) => void): void {
  let buffer = '';
  let inData = false;
  let from = '';
  let to: string[] = [];
  let data: string[] = [];
  const reply = (line: string) => socket.write(`${line}\r\n`);
  reply('220 fake-smtp ESMTP');
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    let nl: number;
    while ((nl = buffer.indexOf('\r\n')) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 2);
      if (inData) {
        if (line === '.') {
          inData = false;
          deliver(parseMail(from, to, data.join('\r\n')));
          reply('250 2.0.0 queued');
        } else data.push(line.startsWith('..') ? line.slice(1) : line);
        continue;
      }
      switch (line.slice(0, 4).toUpperCase()) {
        case 'EHLO':
          reply('250-fake-smtp\r\n250 8BITMIME');
          break;
        case 'MAIL':
          from = angle(line);
          to = [];
          reply('250 OK');
          break;
        case 'RCPT':
          to.push(angle(line));
          reply('250 OK');
          break;
        case 'DATA':
          inData = true;
          data = [];
          reply('354 end with .');
          break;
        case 'QUIT':
          reply('221 bye');
          socket.end();
          break;
        case 'HELO':
        case 'NOOP':
        case 'RSET':
          reply('250 OK');
          break;
        default:
          reply('502 not implemented');
      }
    }
  });
}

const angle = (line: string): string => /<([^>]*)>/.exec(line)?.[1] ?? '';

function parseMail(from: string, to: string[], raw: string): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).toLowerCase(), line.slice(i + 1).trim());
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  const rawBody = raw.slice(split + 4);
  const body =
    encoding === 'base64' ? Buffer.from(rawBody.replace(/\s+/g, ''), 'base64').toString('utf8')
    : encoding === 'quoted-printable' ? decodeQuotedPrintable(rawBody)
    : rawBody;
  return { from, to, subject: decodeEncodedWords(headers.get('subject') ?? ''), body, raw };
}

function decodeQuotedPrintable(s: string): string {
  const text = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeEncodedWords(s: string): string {
  return s
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}
