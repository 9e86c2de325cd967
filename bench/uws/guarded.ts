// An exception escaping a uWS callback takes the whole process down, so every
// callback we hand to uWS goes through this.
export function guarded<Args extends unknown[]>(
  fn: (...args: Args) => void,
  onError: (error: unknown) => void,
): (...args: Args) => void {
  return (...args) => {
    try {
      fn(...args);
    } catch (error) {
      try {
        onError(error);
      } catch {
        // The error reporter itself failed (e.g. the response is gone); nothing left to tell.
      }
    }
  };
}
