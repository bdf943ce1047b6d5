// Dev mode (Vite) evaluates a changed module again; what must exist once per process (a database
// connection, a queue, a thread) is kept here so the new copy finds the old one. In production every
// module is evaluated once and this is a plain memo.
const KEY = Symbol.for("shop.processWide");
const store: Map<string, unknown> = ((globalThis as Record<symbol, Map<string, unknown>>)[KEY] ??= new Map());

/** The one value named `name` in this process, made by `create` the first time it is asked for. */
export function processWide<T>(name: string, create: () => T): T {
  if (!store.has(name)) store.set(name, create());
  return store.get(name) as T;
}

/** Forgets every process-wide value (unit tests: each test file opens its own database). */
export function forgetProcessWide() {
  store.clear();
}
