// A bench server started by a test or the runner must not outlive it. When the
// parent dies without stopping us (crash, SIGKILL, a test worker torn down),
// the kernel re-parents us and process.ppid changes: that is our cue to go.
export function exitWithParent(onOrphaned: () => void, everyMs = 1000): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onOrphaned();
  }, everyMs);
  timer.unref();
}
