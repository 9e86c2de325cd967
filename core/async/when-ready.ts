/** A value that is either here already or on its way: the hot path's stages answer at once when they can. */
export type MaybePromise<T> = T | Promise<T>;

/**
 * `f` applied to `v`: at once when `v` is a value, when it settles when it is a promise. A stage that usually has
 * its answer in memory then costs no promise and no turn of the event loop.
 */
export function whenReady<T, U>(v: MaybePromise<T>, f: (value: T) => MaybePromise<U>): MaybePromise<U> {
  return v instanceof Promise ? v.then(f) : f(v);
}
