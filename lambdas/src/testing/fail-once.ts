/**
 * The real `target`, except that the next call of `method` rejects with `error` without reaching it:
 * for faults a real store cannot be made to produce on cue. Later calls go through.
 */
export function failOnce<T extends object>(target: T, method: keyof T & string, error: Error): T {
  let armed = true;
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (property !== method || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (!armed) return value.apply(object, args);
        armed = false;
        return Promise.reject(error);
      };
    },
  });
}
