import { EDGE_REQUESTS, NASTY_REDIRECTS } from "./fuzz-corpus";
import { cookieHeader, rawRequest } from "./raw-http";

// The edge cases of the fuzz corpus, run against a shop at `base`; each check returns what went
// wrong, one line per problem (an empty list when all is well).

/** EDGE_REQUESTS: each answered with its status (and Allow, for a 405). */
export async function edgeRequestProblems(base: string): Promise<string[]> {
  const problems: string[] = [];
  for (const { method, url, status, allow } of EDGE_REQUESTS) {
    const answer = await rawRequest(base, method, url);
    if (answer.status !== status)
      problems.push(`${method} ${url} → ${answer.status}, not ${status}: ${answer.body.slice(0, 120)}`);
    if (allow && answer.headers.allow !== allow)
      problems.push(`${method} ${url} → Allow: ${answer.headers.allow}, not ${allow}`);
  }
  return problems;
}

const JSON_TYPE = { "Content-Type": "application/json" };
const FORM_TYPE = { "Content-Type": "application/x-www-form-urlencoded" };

/**
 * NASTY_REDIRECTS: a browser already signed in (session A) logs in again through the login form
 * with each value, as a page (302) and as Remix's fetch with JavaScript on (`/lgn.data`, 202 with
 * X-Remix-Redirect). The answer goes home and signs in with a new session B; A has ended (every
 * sign-in replaces the browser's session), B works.
 */
export async function loginRedirectProblems(
  base: string,
  account: { email: string; password: string },
): Promise<string[]> {
  const problems: string[] = [];
  const signedIn = async (cookie: string) =>
    (await rawRequest(base, "GET", "/api/v1/me", { Cookie: cookie })).status === 200;
  for (const redirectTo of NASTY_REDIRECTS) {
    for (const path of ["/lgn", "/lgn.data"]) {
      const shown = `${path} redirectTo=${JSON.stringify(redirectTo).slice(0, 40)}`;
      const before = cookieHeader(await rawRequest(base, "POST", "/api/v1/login", JSON_TYPE, JSON.stringify(account)));
      const body = new URLSearchParams({ email: account.email, password: account.password, redirectTo }).toString();
      const answer = await rawRequest(base, "POST", path, { ...FORM_TYPE, Cookie: before }, body);
      const to = answer.headers["x-remix-redirect"] ?? answer.headers.location;
      if (answer.status !== (path === "/lgn" ? 302 : 202) || to !== "/") {
        problems.push(`${shown} → ${answer.status} to ${JSON.stringify(to)}: ${answer.body.slice(0, 120)}`);
        continue;
      }
      const after = cookieHeader(answer);
      if (!after.includes("shop_session=") || !(await signedIn(after)))
        problems.push(`${shown}: the new session does not sign in`);
      if (await signedIn(before)) problems.push(`${shown}: the session the browser had is still open`);
    }
  }
  return problems;
}
