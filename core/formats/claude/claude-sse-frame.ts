import type { RelayFailure } from '../format-contracts.js';
import { claudeErrorType } from './claude-error-body.js';

/** One Claude stream event as Anthropic frames it: the event name repeats the body's `type`. */
export const claudeFrame = (body: { type: string; [k: string]: unknown }): string => `event: ${body.type}\ndata: ${JSON.stringify(body)}\n\n`;

/** The `event: error` frame that ends a Claude stream which failed after it began. */
export const claudeErrorFrame = (f: RelayFailure): string => claudeFrame({ type: 'error', error: { type: claudeErrorType(f), message: f.message } });
