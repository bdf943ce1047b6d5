import { DEMO_ADMIN } from "./accounts";
import { BODIES, describeAnswer, FEW_BODIES, runAll, type FuzzCase } from "./fuzz-corpus";
import { documentProblems } from "./openapi-check";
import { cookieHeader, rawRequest } from "./raw-http";

/**
 * The fuzz corpus sent as the demo admin to routes that would change the shared shop (fuzz.spec.ts
 * sends them there anonymously), on a shop of the test's own: what went wrong, by kind. Each list
 * must be empty: no 5xx; no connection closed before the whole body was sent but for a body over the
 * limits (raw-http.ts); no /api answer the OpenAPI document does not list.
 */
export async function fuzzAsAdmin(base: string, urls: string[]) {
  const login = await rawRequest(
    base,
    "POST",
    "/api/v1/login",
    { "Content-Type": "application/json" },
    JSON.stringify(DEMO_ADMIN),
  );
  const cookie = cookieHeader(login);
  const cases: FuzzCase[] = urls.flatMap((url) => [
    ...BODIES.map((body) => ({ method: "POST", url, body, cookie, origin: base })),
    ...FEW_BODIES.map((body) => ({ method: "PUT", url, body, cookie, origin: base })),
  ]);
  const answers = await runAll(base, cases);
  const undocumented: string[] = [];
  for (const a of answers.filter((a) => a.c.url.startsWith("/api/") && a.answer.status !== 0)) {
    const problems = await documentProblems(a.c.method, base + a.c.url, a.answer.status, a.answer.body);
    if (problems.length) undocumented.push(`${describeAnswer(a)}: ${problems.join("; ")}`);
  }
  return {
    serverErrors: answers.filter((a) => a.answer.status >= 500).map(describeAnswer),
    closedEarly: answers
      .filter((a) => a.answer.status === 0 && !/over the limit/.test(a.c.body.label))
      .map(describeAnswer),
    undocumented,
  };
}
