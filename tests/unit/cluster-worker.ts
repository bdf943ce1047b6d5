// A stand-in for server.ts in a worker (server/workers.server.nodb.test.ts): answers its pid (and how it
// accepts connections), dies on request, or keeps its thread busy for a while (/busy?ms=N, having
// told the primary) before answering. FAIL_START=1: dies before it listens.
import http from "node:http";

if (process.env.FAIL_START === "1") process.exit(2);

http
  .createServer((req, res) => {
    res.setHeader("Connection", "close");
    if (req.url === "/crash") process.exit(3);
    const busyMs = Number(new URL(req.url ?? "/", "http://worker").searchParams.get("ms") ?? 0);
    const answer = () => res.end(JSON.stringify({ pid: process.pid, singleAccept: process.env.UV_TCP_SINGLE_ACCEPT }));
    if (busyMs === 0) return answer();
    // Tells the primary it is busy (the test waits for that), then blocks its thread.
    process.send?.({ busy: process.pid });
    setImmediate(() => {
      for (const until = Date.now() + busyMs; Date.now() < until;);
      answer();
    });
  })
  .listen(Number(process.env.PORT), "127.0.0.1");
