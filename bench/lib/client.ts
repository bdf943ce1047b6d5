/** The demo shopper app/seed/seed.server.ts creates (importing it would open a database). */
export const DEMO_SHOPPER = { email: "shopper@example.com", password: "shopper12345" };

/** A shopper's HTTP client: fetch with a cookie jar, no redirects followed (as a test would). */
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

  async request(path: string, init: { method?: string; json?: unknown; form?: Record<string, string>; bearer?: string } = {}) {
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
    const res = await fetch(url, { method: init.method ?? (body ? "POST" : "GET"), headers, body, redirect: "manual" });
    if (!path.startsWith("http")) this.keep(res);
    return res;
  }

  private keep(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split("=")[1]) < Date.now()));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
