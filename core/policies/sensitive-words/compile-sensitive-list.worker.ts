// Worker-thread entry: compiles the list it was started with and posts the automaton back, its buffers
// transferred (not copied), then exits.
import { parentPort, workerData } from 'node:worker_threads';
import { compiledBuffers, compileSensitiveList } from './compile-sensitive-list.js';

const compiled = compileSensitiveList(String(workerData));
parentPort!.postMessage(compiled, compiledBuffers(compiled));
