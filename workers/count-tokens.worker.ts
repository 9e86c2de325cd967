import { loadEncoding } from '../core/tokenizer/count-text.js';
import { type CountTask, runCountTask } from './count-tokens-task.js';

// Load both encodings while the thread starts (~0.7 s): Piscina hands a thread tasks only once this module
// has evaluated, so a freshly spawned thread never stalls the first task that lands on it.
loadEncoding('cl100k_base');
loadEncoding('o200k_base');

/** Piscina entry point: one count per task. */
export default function countTokens(task: CountTask): number {
  return runCountTask(task);
}
