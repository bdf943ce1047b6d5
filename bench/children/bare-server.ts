// Child process: the physical limit the request rows are compared with. A bare node:http server
// that answers each response the bench stores here (status, headers and body bytes exactly as the
// shop sent them, compressed if the shop compressed) from memory, with keep-alive, and does
// nothing else. Responses arrive over IPC: { path, status, headers (flat [name, value, …]), body (base64) }.
import http from "node:http";
import type { AddressInfo } from "node:net";

type Stored = { status: number; headers: string[]; body: Buffer };
const responses = new Map<string, Stored>();

const server = http.createServer((req, res) => {
  const stored = responses.get(req.url ?? "");
  if (!stored) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(stored.status, stored.headers);
  res.end(stored.body);
});

process.on("message", (message: { path: string; status: number; headers: string[]; body: string }) => {
  responses.set(message.path, {
    status: message.status,
    headers: message.headers,
    body: Buffer.from(message.body, "base64"),
  });
  process.send!({ stored: message.path });
});
// The bench ended (or died): so does this server.
process.on("disconnect", () => process.exit(0));

server.listen(0, "127.0.0.1", () => process.send!({ port: (server.address() as AddressInfo).port }));
