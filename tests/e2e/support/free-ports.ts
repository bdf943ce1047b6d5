import { execFileSync } from "node:child_process";

// Playwright reads its config synchronously, so a short child process asks the system for `count`
// free loopback ports (all held open together, so they differ) and prints them.
const script = `
const net = require("node:net");
const servers = Array.from({ length: Number(process.argv[1]) }, () => net.createServer());
Promise.all(servers.map((s) => new Promise((r) => s.listen(0, "127.0.0.1", r)))).then(() => {
  console.log(servers.map((s) => s.address().port).join(","));
  servers.forEach((s) => s.close());
});`;

export function freePorts(count: number): number[] {
  return execFileSync(process.execPath, ["-e", script, String(count)], { encoding: "utf8" })
    .trim()
    .split(",")
    .map(Number);
}
