// A stand-in for server.ts in a worker (server/workers.server.nodb.test.ts): answers its pid (and how it
// accepts connections), dies on request, or keeps its thread busy for a while (/busy?ms=N) before
// answering. FAIL_START=1: dies before it listens.
import http from "node:http";

if (process.env.FAIL_START === "1") process.exit(2);

http
  .createServer((req, res) => {
    res.setHeader("Connection", "close");
    if (req.url === "/crash") process.exit(3);
    const busyMs = Number(new URL(req.url ?? "/", "http://worker").searchParams.get("ms") ?? 0);
    for (const until = Date.now() + busyMs; Date.now() < until;);
    res.end(JSON.stringify({ pid: process.pid, singleAccept: process.env.UV_TCP_SINGLE_ACCEPT }));
  })
  .listen(Number(process.env.PORT), "127.0.0.1");
