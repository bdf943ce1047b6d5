// Child process: autocannon against one URL, so that the load generator runs in a process of its
// own rather than in the bench's. Usage: load.ts '{"url": …, "headers": {…}, "connections": 50, "seconds": 10}'
import autocannon from "autocannon";

const { url, headers, connections, seconds } = JSON.parse(process.argv[2]) as {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
};

// A short warm-up so that JIT and caches are in the state a live server is in.
await autocannon({ url, connections: Math.min(10, connections), duration: 1, headers });
const result = await autocannon({ url, connections, duration: seconds, headers });
console.log(
  `result ${JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytes: result.throughput.average,
  })}`,
);
