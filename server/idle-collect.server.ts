import v8 from "node:v8";
import vm from "node:vm";

// V8 grows a process's heap with a burst of requests and, while nothing more is allocated, has no
// reason to collect: after the bench's mixed load a worker held 230–260 MB of heap, 73–76 MB of it
// live (measured by a forced collection), and kept it for as long as it stayed idle. So a process
// that has served a burst and then been idle for a few seconds collects its garbage, giving the
// memory back: the heap went from about 240 to under 100 MB, the worker's resident memory to
// 210–270 MB (docs/limits.md). A full collection of such a heap takes tens of milliseconds; a
// request that arrives meanwhile waits that long, once per burst.
//
// Idle means little time on the CPU, not no requests at all: a load balancer's health check every
// second (HAProxy's, deploy/haproxy.cfg), a monitor or a visitor now and then would otherwise keep
// a worker that served a burst "busy" for good, at its peak (measured: 258–282 MB while the other
// worker, which the checks did not reach, collected down to 182–224 MB).

const CHECK_EVERY_MS = 5_000;
/** Heap grown since the last collection below which an idle process is left alone. */
const MIN_GROWTH_BYTES = 32 * 1024 * 1024;
/** A process that spent less than this share of a check's time on the CPU was idle (a health check takes well under a millisecond). */
const BUSY_SHARE = 0.05;
const MAX_ROUNDS = 4;

/** What the collector reads of the process (the tests give their own). */
export type ProcessProbe = {
  /** The heap's size (what V8 holds of the system's memory). */
  heapBytes: () => number;
  /** What of it is in use (live, or garbage not yet collected). */
  usedHeapBytes: () => number;
  /** CPU time the process has spent, in milliseconds. */
  cpuMs: () => number;
};

const thisProcess: ProcessProbe = {
  heapBytes: () => v8.getHeapStatistics().total_heap_size,
  usedHeapBytes: () => v8.getHeapStatistics().used_heap_size,
  cpuMs: () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  },
};

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
function collectAll(gc: () => void, probe: ProcessProbe): number {
  let size = probe.heapBytes();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    gc();
    const after = probe.heapBytes();
    if (size - after < 1024 * 1024) return after;
    size = after;
  }
  return size;
}

/**
 * Collects the process's garbage once it has been idle for a check after its heap grew. A check
 * later, still idle, it collects once more: V8 gives back its young generation (32 MB) only in a
 * collection that finds little allocated in the seconds before it, which the first one after a
 * burst does not.
 */
export function collectWhenIdle({
  checkEveryMs = CHECK_EVERY_MS,
  minGrowthBytes = MIN_GROWTH_BYTES,
  busyShare = BUSY_SHARE,
  probe = thisProcess,
}: { checkEveryMs?: number; minGrowthBytes?: number; busyShare?: number; probe?: ProcessProbe } = {}): () => void {
  const gc = collector();
  // At first, the heap as a collection would leave it: the garbage of start-up counts as growth.
  let heapAfterCollection = probe.usedHeapBytes();
  let followUp = false;
  let cpuAtCheck = probe.cpuMs();
  const timer = setInterval(() => {
    const idle = probe.cpuMs() - cpuAtCheck < checkEveryMs * busyShare;
    if (!idle) followUp = false;
    else if (followUp) {
      followUp = false;
      heapAfterCollection = collectAll(gc, probe);
    } else if (probe.heapBytes() - heapAfterCollection >= minGrowthBytes) {
      heapAfterCollection = collectAll(gc, probe);
      followUp = true;
    }
    // A collection's own time is not the next check's.
    cpuAtCheck = probe.cpuMs();
  }, checkEveryMs).unref();
  return () => clearInterval(timer);
}
