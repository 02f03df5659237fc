/** The methods of T that answer a promise: what a caller can use of a service made at its first call. */
export type Deferred<T> = {
  [K in keyof T as T[K] extends (...args: never[]) => Promise<unknown> ? K : never]: T[K];
};

/**
 * A service made at its first call, with the modules it needs: `make` runs once (again after
 * a failure), and each method waits for it. For a use case whose code loads libraries most
 * requests never need (the quotes' PDF maker and holiday tables), so that a new instance does
 * not load them before its first answer (docs/decisions/032-server-speed.md).
 */
export function deferred<T extends object>(make: () => Promise<T>): Deferred<T> {
  let made: Promise<T> | undefined;
  const service = () =>
    (made ??= make().catch((error: unknown) => {
      made = undefined;
      throw error;
    }));
  return new Proxy({} as Deferred<T>, {
    get: (_target, name) => {
      // Not a promise itself: `await` and Promise.resolve leave it as it is.
      if (typeof name !== 'string' || name === 'then') return undefined;
      return async (...args: unknown[]) => {
        const instance = (await service()) as Record<string, (...a: unknown[]) => Promise<unknown>>;
        return instance[name](...args);
      };
    },
  });
}
