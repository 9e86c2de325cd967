import { type CountTask, runCountTask } from './count-tokens-task.js';

// Encodings load on a thread's first task that needs them (~0.3 s for cl100k_base, ~0.4 s for o200k_base),
// not at start: a deployment whose models all use one encoding never holds the other (o200k_base ~50 MB).
// Most counts happen after the answer is delivered, so that first wait mostly delays billing, not a client.

/** Piscina entry point: one count per task. */
export default function countTokens(task: CountTask): number {
  return runCountTask(task);
}
