import type { TestGateway } from './gateway.js';

/** A user's books as the database holds them, for checks across a crash or a stop. */
export interface Books {
  /** the user's balance with nothing leased out (a lease left behind makes this null) */
  balance: number | null;
  /** Σ of the user's consume logs */
  logged: number;
}

export async function books(gw: TestGateway, userId: number): Promise<Books> {
  const [leased] = await gw.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM quota_leases WHERE amount <> 0`;
  const [u] = await gw.sql<{ quota: number }[]>`SELECT quota FROM users WHERE id = ${userId}`;
  const [l] = await gw.sql<{ s: number }[]>`SELECT COALESCE(sum(quota), 0)::bigint AS s FROM logs WHERE user_id = ${userId} AND type = 2`;
  return { balance: leased!.n === 0 ? Number(u!.quota) : null, logged: Number(l!.s) };
}

/** The gateway process has exited (a test sent it SIGTERM rather than calling stop(), which would drop its database). */
export function gatewayExited(gw: TestGateway): boolean {
  try {
    process.kill(gw.pid, 0);
    return false;
  } catch {
    return true;
  }
}
