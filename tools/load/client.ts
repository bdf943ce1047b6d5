import http from "node:http";
import zlib from "node:zlib";

/** The demo shopper app/seed/seed.server.ts creates (importing it would open a database). */
export const DEMO_SHOPPER = { email: "shopper@example.com", password: "shopper12345" };

// The bench's simulated clients share the machine's cores with the shop: a request costs them
// node:http on kept-alive connections (about a third of fetch's CPU), while the shop sees what
// fetch sends (the same headers, gzip asked for) and the body is decompressed only when read.
const agent = new http.Agent({ keepAlive: true });
const FETCH_HEADERS = {
  accept: "*/*",
  "accept-language": "*",
  "sec-fetch-mode": "cors",
  "user-agent": "node",
  "accept-encoding": "gzip, deflate",
};

/** A whole response, read off the connection; its body can be read more than once. */
export class ShopResponse {
  constructor(
    readonly status: number,
    private readonly rawHeaders: http.IncomingHttpHeaders,
    private readonly raw: Buffer,
  ) {}

  get ok() {
    return this.status >= 200 && this.status < 300;
  }

  readonly headers = {
    get: (name: string): string | null => {
      const value = this.rawHeaders[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
    getSetCookie: (): string[] => this.rawHeaders["set-cookie"] ?? [],
  };

  private decoded?: Buffer;
  body(): Buffer {
    if (!this.decoded) {
      const encoding = this.rawHeaders["content-encoding"];
      this.decoded =
        encoding === "gzip"
          ? zlib.gunzipSync(this.raw)
          : encoding === "deflate"
            ? zlib.inflateSync(this.raw)
            : this.raw;
    }
    return this.decoded;
  }

  async arrayBuffer(): Promise<Buffer> {
    return this.body();
  }
  async text(): Promise<string> {
    return this.body().toString("utf8");
  }
  async json(): Promise<unknown> {
    return JSON.parse(this.body().toString("utf8"));
  }
  /** The body stays readable: the same response. */
  clone(): ShopResponse {
    return this;
  }
}

type RequestInit = { method?: string; headers?: Record<string, string>; body?: string };

/**
 * One HTTP request as the bench's clients make it (what `fetch(url, { redirect: "manual" })` would
 * send), on a kept-alive connection. A GET or HEAD on a reused connection that the server had just
 * closed (idle) is sent again once on a new one. A write is not: a reset does not prove it never
 * reached a server (a node killed behind the balancer after committing it resets the connection too),
 * and sending it again would apply it twice (the kill test saw a cart step counted twice).
 */
export function request(url: string, init: RequestInit = {}, retried = false): Promise<ShopResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...FETCH_HEADERS, ...init.headers };
    if (init.body !== undefined) headers["content-length"] = Buffer.byteLength(init.body);
    const req = http.request(url, { method: init.method ?? "GET", headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve(
          new ShopResponse(res.statusCode ?? 0, res.headers, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)),
        ),
      );
      res.on("error", reject);
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      const idempotent = ["GET", "HEAD"].includes((init.method ?? "GET").toUpperCase());
      if (!retried && idempotent && req.reusedSocket && error.code === "ECONNRESET")
        request(url, init, true).then(resolve, reject);
      else reject(error);
    });
    req.end(init.body);
  });
}

/** A shopper's HTTP client: a cookie jar, no redirects followed (as a test would). */
export class Shopper {
  private cookies: Map<string, string>;
  constructor(
    private readonly base: string,
    cookies: [string, string][] = [],
  ) {
    this.cookies = new Map(cookies);
  }

  /** The jar, to hand the shopper to another process (`new Shopper(base, cookies)`). */
  get cookieList(): [string, string][] {
    return [...this.cookies];
  }

  /** The Cookie header this shopper sends, e.g. for autocannon. */
  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async request(
    path: string,
    init: { method?: string; json?: unknown; form?: Record<string, string>; bearer?: string } = {},
  ) {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = this.cookieHeader;
    let body: string | undefined;
    if (init.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(init.form).toString();
    }
    if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
    const url = path.startsWith("http") ? path : `${this.base}${path}`;
    const res = await request(url, { method: init.method ?? (body ? "POST" : "GET"), headers, body });
    if (!path.startsWith("http")) this.keep(res);
    return res;
  }

  private keep(res: ShopResponse) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split("=")[1]) < Date.now()),
      );
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
