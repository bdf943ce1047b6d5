import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { pollUntil, startProgram, type Program } from "./processes";

// HAProxy (Debian's package) in front of the nodes, as a self-hoster would put it: round robin, no
// stickiness, each node checked on /healthz twice a second (down after 2 failures, up after 2
// successes; a check may take 2 s: a busy node is not a dead one). A connection a dead node refuses is tried again on another (retries, redispatch): only
// the requests a node was working on when it died fail. The runtime API on a Unix socket says each
// server's state and how many requests it took.

export type Backend = { name: string; port: number };

export function haproxyConfig(options: {
  port: number;
  backends: Backend[];
  statsSocket: string;
  /** Off for a backend without /healthz (the bench's bare server): every server taken as up. */
  healthChecks?: boolean;
}): string {
  const checks = options.healthChecks ?? true;
  return `global
  maxconn 4096
  stats socket ${options.statsSocket} mode 600 level admin

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 10s
  timeout check 2s
  retries 3
  option redispatch
  option forwardfor

frontend shop
  bind 127.0.0.1:${options.port}
  default_backend nodes

backend nodes
  balance roundrobin
${checks ? "  option httpchk GET /healthz\n  http-check expect status 200\n" : ""}  default-server inter 500ms fall 2 rise 2
${options.backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port}${checks ? " check" : ""}`).join("\n")}
`;
}

export type LoadBalancer = Program & {
  /** Each server's state (UP, DOWN…) and the requests it has been sent, from the runtime API. */
  servers(): Promise<Map<string, { status: string; requests: number }>>;
};

export function startHaproxy(
  dir: string,
  port: number,
  backends: Backend[],
  { healthChecks = true } = {},
): LoadBalancer {
  const statsSocket = path.join(dir, "haproxy.sock");
  const file = path.join(dir, "haproxy.cfg");
  fs.writeFileSync(file, haproxyConfig({ port, backends, statsSocket, healthChecks }));
  // Debian's package puts it in /usr/sbin, which a user's PATH may lack.
  const binary = fs.existsSync("/usr/sbin/haproxy") ? "/usr/sbin/haproxy" : "haproxy";
  const program = startProgram("HAProxy", [binary, "-db", "-f", file], {});
  return {
    ...program,
    async servers() {
      const csv = await runtimeApi(statsSocket, "show stat");
      const lines = csv.trim().split("\n");
      const columns = lines[0].replace(/^# /, "").split(",");
      const at = (name: string) => columns.indexOf(name);
      const states = new Map<string, { status: string; requests: number }>();
      for (const line of lines.slice(1)) {
        const cells = line.split(",");
        if (cells[at("pxname")] !== "nodes" || ["FRONTEND", "BACKEND"].includes(cells[at("svname")])) continue;
        states.set(cells[at("svname")], { status: cells[at("status")], requests: Number(cells[at("stot")]) });
      }
      return states;
    },
  };
}

/** Waits (at most 15 s) until HAProxy's health checks have put every one of `names` in rotation. */
export async function waitForRotation(balancer: LoadBalancer, names: string[]): Promise<void> {
  await pollUntil(
    async () => {
      const servers = await balancer.servers();
      return names.every((n) => servers.get(n)?.status === "UP");
    },
    15_000,
    () => `HAProxy did not put ${names.join(", ")} in rotation within 15 s`,
    () => {
      if (balancer.child.exitCode !== null) throw new Error(`HAProxy ended:\n${balancer.output()}`);
    },
  );
}

function runtimeApi(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(socket, () => connection.end(`${command}\n`));
    let answer = "";
    connection.on("data", (chunk) => (answer += chunk.toString()));
    connection.on("end", () => resolve(answer));
    connection.on("error", reject);
    connection.setTimeout(5_000, () =>
      connection.destroy(new Error(`HAProxy's runtime API did not answer ${command}`)),
    );
  });
}
