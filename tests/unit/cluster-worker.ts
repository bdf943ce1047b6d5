// A stand-in for server.ts in a worker (app/workers.server.test.ts): answers its pid, what other
// workers shared with it, and dies on request. FAIL_START=1: dies before it listens.
import http from "node:http";
import { onShared, shareWithWorkers } from "../../app/workers.server";

if (process.env.FAIL_START === "1") process.exit(2);

let note = "";
onShared<string>("note", (value) => (note = value));

http
  .createServer(async (req, res) => {
    res.setHeader("Connection", "close");
    const [, action, value] = (req.url ?? "").split("/");
    if (action === "crash") process.exit(3);
    if (action === "share") {
      note = value;
      await shareWithWorkers("note", value);
    }
    res.end(JSON.stringify({ pid: process.pid, note }));
  })
  .listen(Number(process.env.PORT), "127.0.0.1");
