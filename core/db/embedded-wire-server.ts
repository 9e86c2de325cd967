import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const COPY_FROM_STDIN = /^\s*copy\b[\s\S]*\bfrom\s+stdin\b/i;
/**
 * CopyInResponse, text format, no per-column formats. The column count is unknown before PGlite has seen the
 * statement; a text-format COPY's client needs none of them (postgres.js reads none).
 */
const COPY_IN_RESPONSE = Buffer.from([0x47, 0, 0, 0, 7, 0, 0, 0]);

/**
 * Serves one PGlite over the PostgreSQL wire protocol to several client connections. PGlite has a single
 * session, so a connection owns it from the first message of an exchange until its Sync/Query completes
 * — and for as long as it keeps a transaction open. Other connections wait their turn, so one client's
 * extended-protocol steps (Parse/Bind/Execute, unnamed portals) never interleave with another's, which
 * the stock pglite-socket queue allows and which corrupts concurrent queries.
 *
 * It listens on a Unix socket (mode 0600) in a fresh directory of mode 0700, never on a TCP port: the
 * database holds password hashes and keys, and PGlite checks no credentials, so on loopback TCP any local
 * process could read them or hold a transaction that stalls the gateway. File permissions confine it to
 * the gateway's OS user, who can read the PGlite files under DATA_DIR anyway, so a password (SCRAM)
 * would protect against no one more and would cost a handshake per connection; the socket adds nothing
 * per query and is slightly faster than loopback TCP.
 */
export class EmbeddedWireServer {
  private owner: Connection | null = null;
  private waiters: Array<() => void> = [];
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  private dir: string | null = null;
  private closed = false;

  constructor(readonly db: PGlite) {}

  /** Starts serving; resolves to the socket's path (the `path` option of postgres.js). */
  async listen(): Promise<string> {
    // mkdtemp creates the directory with mode 0700; the temporary directory keeps the path well under
    // the ~107-byte limit of a socket address, whatever DATA_DIR is.
    this.dir = mkdtempSync(join(tmpdir(), 'ferryman-db-'));
    const path = join(this.dir, '.s.PGSQL.5432');
    this.server = createServer((socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      new Connection(this, socket);
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(path, () => resolve());
    });
    chmodSync(path, 0o600);
    return path;
  }

  async acquire(c: Connection): Promise<void> {
    while (this.owner && this.owner !== c) await new Promise<void>((r) => this.waiters.push(r));
    this.owner = c;
  }

  release(c: Connection): void {
    if (this.owner !== c) return;
    this.owner = null;
    for (const wake of this.waiters.splice(0)) wake();
  }

  /**
   * What PostgreSQL drops with a session that ends, dropped here for the connection that closed: its open
   * transaction (a connection that dies holding the session must not leave one open for everyone else) and its
   * prepared statements. The one PGlite session outlives every connection, so a statement a connection prepared
   * would otherwise stay in it for good: ~20 KB of its never-shrinking memory each, and postgres.js prepares its
   * statements again under new names on every new connection (after `idle_timeout`, at `max_lifetime`).
   */
  async abandon(c: Connection, statements: readonly string[]): Promise<void> {
    if (this.closed || (this.owner !== c && statements.length === 0)) return;
    await this.acquire(c);
    try {
      // connections close with the server too, and the database is closed after it
      if (this.closed) return;
      if (this.db.isInTransaction()) await this.db.exec('ROLLBACK').catch(() => {});
      if (statements.length) await this.db.execProtocolRaw(closeStatements(statements)).catch(() => {});
    } finally {
      this.release(c);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }
}

class Connection {
  private buffer: Buffer = Buffer.alloc(0);
  private started = false;
  private chain: Promise<void> = Promise.resolve();
  private pending: Buffer[] = [];
  /** Inside a `COPY … FROM STDIN`: its data is gathered until CopyDone or CopyFail (see onData). */
  private copying = false;
  /** the named statements this connection prepared and has not closed, closed with it (abandon) */
  private statements = new Set<string>();

  constructor(
    private readonly server: EmbeddedWireServer,
    private readonly socket: Socket,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      this.chain = this.chain.then(() => this.server.abandon(this, [...this.statements])).catch(() => {});
    });
  }

  private onData(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      if (!this.started) {
        if (this.buffer.length < 8) return;
        const len = this.buffer.readInt32BE(0);
        if (this.buffer.length < len) return;
        const code = this.buffer.readInt32BE(4);
        const msg = this.buffer.subarray(0, len);
        this.buffer = this.buffer.subarray(len);
        if (code === SSL_REQUEST) this.socket.write('N');
        else if (code === CANCEL_REQUEST) this.socket.end();
        else {
          this.started = true;
          this.run([msg], true);
        }
        continue;
      }
      if (this.buffer.length < 5) return;
      const len = this.buffer.readInt32BE(1) + 1;
      if (this.buffer.length < len) return;
      const type = String.fromCharCode(this.buffer[0]!);
      const msg = this.buffer.subarray(0, len);
      this.buffer = this.buffer.subarray(len);
      if (type === 'X') {
        this.socket.end();
        return;
      }
      if (this.copying && type !== 'd' && type !== 'c' && type !== 'f' && type !== 'S' && type !== 'H') {
        // Another statement inside a COPY's input (a client that sent it before the COPY was answered): PostgreSQL
        // ends such a connection ("protocol synchronization was lost"), and PGlite fed it would stop answering every
        // connection. The COPY has not run, so nothing of it is applied.
        this.buffer = Buffer.alloc(0);
        this.socket.destroy();
        return;
      }
      if (type === 'P') this.prepared(msg);
      else if (type === 'C' && msg[5] === CLOSE_STATEMENT) this.statements.delete(cString(msg, 6));
      this.pending.push(msg);
      if (this.copying) {
        // CopyData, and the Syncs or Flushes a backend ignores inside a COPY, until its end.
        if (type === 'c' || type === 'f') {
          this.copying = false;
          this.run(this.pending, true, true);
          this.pending = [];
        }
        continue;
      }
      // PGlite reads a COPY's data from the buffer its statement came in, never from a later call (it would
      // lose the protocol's sync and end): the client is told to send it now, and the statement runs with it.
      // The data waits here in memory, which suits the gateway's own batches (the log writer's, ≤ 250 rows).
      if (type === 'Q' && COPY_FROM_STDIN.test(msg.toString('utf8', 5, msg.length - 1))) {
        this.copying = true;
        // After the answers to what the connection sent before it, as PostgreSQL answers: postgres.js can hand a
        // reserved connection over with a query still in flight on it, and a CopyInResponse that overtook that
        // query's answer hung the COPY for good.
        this.chain = this.chain.then(() => {
          if (!this.socket.destroyed) this.socket.write(COPY_IN_RESPONSE);
        });
        continue;
      }
      // Sync and simple Query end an exchange; Flush asks for output mid-exchange (the session stays held).
      if (type === 'S' || type === 'Q' || type === 'H') {
        this.run(this.pending, type !== 'H');
        this.pending = [];
      }
    }
  }

  /** Parse: a named statement is kept until the client closes it or the connection ends (the unnamed one is replaced by the next). */
  private prepared(msg: Buffer): void {
    const name = cString(msg, 5);
    if (name) this.statements.add(name);
  }

  /** `copy`: the exchange is a whole COPY FROM STDIN, whose CopyInResponse the client has had already. */
  private run(messages: Buffer[], ends: boolean, copy = false): void {
    this.chain = this.chain.then(async () => {
      await this.server.acquire(this);
      try {
        // One call per exchange: PGlite runs every message in the buffer, and its file-system sync after
        // each call then happens once per exchange rather than once per message.
        const all = messages.length === 1 ? messages[0]! : Buffer.concat(messages);
        const replies: Buffer[] = [];
        await this.server.db.execProtocolRawStream(new Uint8Array(all.buffer, all.byteOffset, all.byteLength), {
          onRawData: (data) => {
            if (copy) replies.push(Buffer.from(data));
            else if (!this.socket.destroyed) this.socket.write(Buffer.from(data));
          },
        });
        if (copy && !this.socket.destroyed) this.socket.write(withoutCopyInResponse(Buffer.concat(replies)));
      } finally {
        if (ends && !this.server.db.isInTransaction()) this.server.release(this);
      }
    }).catch(() => {
      this.socket.destroy();
    });
  }
}

const CLOSE_STATEMENT = 0x53; // 'S': a Close message's target is a statement, not a portal

/** The NUL-terminated string of a message from `at`. */
function cString(msg: Buffer, at: number): string {
  const end = msg.indexOf(0, at);
  return msg.toString('utf8', at, end < 0 ? msg.length : end);
}

/** Close (statement) for each name, then Sync. Closing a name the session does not hold is not an error. */
function closeStatements(names: readonly string[]): Uint8Array {
  const parts: Buffer[] = [];
  for (const name of names) {
    const bytes = Buffer.byteLength(name);
    const msg = Buffer.alloc(1 + 4 + 1 + bytes + 1);
    msg[0] = 0x43; // 'C'
    msg.writeInt32BE(msg.length - 1, 1);
    msg[5] = CLOSE_STATEMENT;
    msg.write(name, 6);
    parts.push(msg);
  }
  parts.push(Buffer.from([0x53, 0, 0, 0, 4])); // Sync
  return Buffer.concat(parts);
}

/** A COPY's replies (CopyInResponse, then CommandComplete or ErrorResponse, ReadyForQuery) without the first. */
function withoutCopyInResponse(replies: Buffer): Buffer {
  return replies[0] === COPY_IN_RESPONSE[0] ? replies.subarray(1 + replies.readInt32BE(1)) : replies;
}
