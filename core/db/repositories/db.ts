import type postgres from 'postgres';

/**
 * Anything queries run on: the pool or an open transaction. Repository functions that need a transaction of
 * their own take the pool (`Sql`) and open it; helpers that run inside one take this.
 */
export type Db = postgres.ISql<Record<string, never>>;
