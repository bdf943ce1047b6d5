import type { Server } from "node:http";
import v8 from "node:v8";
import vm from "node:vm";

// V8 grows a process's heap with a burst of requests and, while nothing more is allocated, has no
// reason to collect: after the bench's mixed load a worker held 230–260 MB of heap, 73–76 MB of it
// live (measured by a forced collection), and kept it for as long as it stayed idle. So a process
// that has served a burst and then answered nothing for a few seconds collects its garbage, giving
// the memory back: the heap went from about 240 to under 100 MB, the worker's resident memory to
// 210–270 MB (docs/limits.md). A full collection of such a heap takes tens of milliseconds; a
// request that arrives meanwhile waits that long, once per burst.

const CHECK_EVERY_MS = 5_000;
/** Heap grown since the last collection below which an idle process is left alone. */
const MIN_GROWTH_BYTES = 32 * 1024 * 1024;
const MAX_ROUNDS = 4;

/** The collector, as `--expose-gc` gives it: exposed from within when the process was started without the flag. */
function collector(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  v8.setFlagsFromString("--expose-gc");
  return vm.runInNewContext("gc") as () => void;
}

/**
 * Collects until a collection frees no more than a megabyte (at most a few times): one full
 * collection leaves pages that the next one gives back. Answers the heap's size after.
 */
function collectAll(gc: () => void): number {
  let size = v8.getHeapStatistics().total_heap_size;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    gc();
    const after = v8.getHeapStatistics().total_heap_size;
    if (size - after < 1024 * 1024) return after;
    size = after;
  }
  return size;
}

/** Collects the garbage of `server`'s process once it has been idle for a while after serving. */
export function collectWhenIdle(
  server: Server,
  { checkEveryMs = CHECK_EVERY_MS, minGrowthBytes = MIN_GROWTH_BYTES } = {},
): () => void {
  const gc = collector();
  let requests = 0;
  let servedSinceCollection = false;
  let heapAfterCollection = v8.getHeapStatistics().total_heap_size;
  const count = () => requests++;
  server.on("request", count);
  const timer = setInterval(() => {
    if (requests > 0) {
      requests = 0;
      servedSinceCollection = true;
      return;
    }
    if (!servedSinceCollection || v8.getHeapStatistics().total_heap_size - heapAfterCollection < minGrowthBytes) return;
    servedSinceCollection = false;
    heapAfterCollection = collectAll(gc);
  }, checkEveryMs).unref();
  return () => {
    clearInterval(timer);
    server.off("request", count);
  };
}
