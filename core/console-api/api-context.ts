import type { z } from 'zod';
import type { AppServices } from '../app-services.js';
import type { SessionData } from '../auth/session-cookie.js';
import { textBoundProblem } from '../contracts/bounded-text.js';
import { withoutGoNulls } from '../contracts/go-null.js';
import type { Exchange } from '../http/exchange.js';
import { ApiError } from './envelope.js';

/** The authenticated caller, with role and status read fresh from the user cache. */
export interface AuthUser {
  id: number;
  username: string;
  role: number;
  status: number;
  group: string;
  useAccessToken: boolean;
}

export interface ApiContext {
  ex: Exchange;
  app: AppServices;
  params: string[];
  query: URLSearchParams;
  body: Buffer;
  ip: string;
  session: SessionData;
  /** Set by the auth step for user/admin/root routes; for try-user routes when a session exists. */
  user: AuthUser | null;
  /** Replaces the session; the cookie is written with the response. */
  saveSession(data: SessionData): void;
  clearSession(): void;
}

/** The authenticated user of a route whose access is user/admin/root. */
export function requireUser(c: ApiContext): AuthUser {
  if (!c.user) throw new ApiError('无权进行此操作，未登录且未提供 access token', 401);
  return c.user;
}

/**
 * Parses a body or query with a zod schema; a null field counts as absent, as in new-api's Go decoding
 * (withoutGoNulls). Text over its bound or holding NUL is refused with HTTP 400 and a
 * message naming the field, before anything reaches the database; any other failure is `message` (new-api's
 * 无效的参数 unless the route has its own) with `status`.
 */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown, message = '无效的参数', status = 200): z.infer<S> {
  const parsed = schema.safeParse(withoutGoNulls(schema, raw));
  if (parsed.success) return parsed.data;
  const bound = textBoundProblem(parsed.error);
  throw bound ? new ApiError(bound, 400) : new ApiError(message, status);
}

/** Parses the JSON body with a zod schema (see parseInput); malformed JSON is `message` too. */
export function parseBody<S extends z.ZodType>(c: ApiContext, schema: S, message = '无效的参数', status = 200): z.infer<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(c.body.length ? c.body.toString('utf8') : 'null');
  } catch {
    throw new ApiError(message, status);
  }
  return parseInput(schema, raw, message, status);
}

/** Integer query parameter with a fallback for missing or malformed values. */
export function queryInt(c: ApiContext, name: string, fallback: number): number {
  const v = c.query.get(name);
  if (v === null || v.trim() === '') return fallback;
  const n = Number(v);
  return Number.isInteger(n) ? n : fallback;
}

/** Integer path parameter; anything else is 无效的参数. */
export function paramInt(c: ApiContext, index = 0): number {
  const n = Number(c.params[index]);
  if (!Number.isSafeInteger(n)) throw new ApiError('无效的参数');
  return n;
}
