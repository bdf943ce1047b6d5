import { test as base, type APIRequestContext, type APIResponse } from "@playwright/test";
import Ajv2020 from "ajv/dist/2020.js";
import type { ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { rawRequest as plainRawRequest, type RawAnswer } from "./raw-http";

// Every answer the API tests get from /api/v1 is checked against the shop's own OpenAPI document
// (/api/v1/openapi.json): its status must be documented for that method and path, and its JSON
// body must match the documented schema. A method a path does not list must answer 405 (or one of
// the refusals that come before any route: 403 for a write from another site, 413 for a body over
// the limit). HEAD and OPTIONS, which OpenAPI does not describe per path, are not checked.

type Operation = { responses: Record<string, { content?: Record<string, unknown> }> };
type OpenApi = { servers: { url: string }[]; paths: Record<string, Record<string, Operation>> };

class OpenApiCheck {
  private readonly ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true });
  private readonly basePath: string;
  private readonly templates: { template: string; pattern: RegExp; literal: boolean }[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly doc: OpenApi) {
    addFormats.default(this.ajv);
    this.ajv.addSchema(doc as object, "openapi");
    this.basePath = new URL(doc.servers[0].url).pathname.replace(/\/$/, "");
    // Literal paths first, as the routes match (`/admin/product/new` before `/admin/product/{id}`).
    this.templates = Object.keys(doc.paths)
      .filter((template) => template !== "/{path}")
      .map((template) => ({
        template,
        literal: !template.includes("{"),
        pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+")}$`),
      }))
      .sort((a, b) => Number(b.literal) - Number(a.literal));
  }

  /** Problems with one answer (empty when it matches the document); null when the URL is not under /api/v1. */
  problems(method: string, url: string, status: number, body: string): string[] | null {
    const { pathname } = new URL(url);
    if (!pathname.startsWith(`${this.basePath}/`) || method === "HEAD" || method === "OPTIONS") return null;
    const path = decodeURIComponent(pathname.slice(this.basePath.length));
    const template = this.templates.find((t) => t.pattern.test(path))?.template ?? "/{path}";
    const operation = this.doc.paths[template][method.toLowerCase()];
    if (!operation) {
      if (![405, 403, 413].includes(status))
        return [`${method} is not documented for ${template}, so it must answer 405, not ${status}`];
      return this.bodyProblems(`${method} ${template} ${status}`, this.errorSchemaPointer(template), body);
    }
    const response = operation.responses[String(status)];
    if (!response) return [`status ${status} is not documented for ${method} ${template}`];
    if (!response.content) return [];
    const pointer = `openapi#/paths/${escape(template)}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
    return this.bodyProblems(`${method} ${template} ${status}`, pointer, body);
  }

  private errorSchemaPointer(template: string): string {
    const [method] = Object.keys(this.doc.paths[template]);
    return `openapi#/paths/${escape(template)}/${method}/responses/405/content/application~1json/schema`;
  }

  private bodyProblems(label: string, pointer: string, body: string): string[] {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return [`${label}: the body is not JSON: ${body.slice(0, 200)}`];
    }
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.getSchema(pointer);
      if (!validate) return [`${label}: no schema at ${pointer}`];
      this.validators.set(pointer, validate);
    }
    if (validate(json)) return [];
    return (validate.errors ?? []).map(
      (e) => `${label}: ${e.instancePath || "body"} ${e.message} ${JSON.stringify(e.params)}`,
    );
  }
}

const escape = (template: string) =>
  template.replaceAll("~", "~0").replaceAll("/", "~1").replace(/[{}]/g, encodeURIComponent);

const checks = new Map<string, Promise<OpenApiCheck>>();

function checkFor(url: string): Promise<OpenApiCheck> {
  const origin = new URL(url).origin;
  let check = checks.get(origin);
  if (!check) {
    check = fetch(`${origin}/api/v1/openapi.json`)
      .then((response) => response.json() as Promise<OpenApi>)
      .then((doc) => new OpenApiCheck(doc));
    checks.set(origin, check);
  }
  return check;
}

/** What in an answer from /api/v1 differs from the OpenAPI document (nothing for other URLs). */
export async function documentProblems(method: string, url: string, status: number, body: string): Promise<string[]> {
  // The payment sandbox (/_sandbox/…, or its own origin) and the shop's pages are not the API.
  if (!new URL(url).pathname.startsWith("/api/v1/")) return [];
  return (await checkFor(url)).problems(method, url, status, body) ?? [];
}

/** Fails (throws) when an answer from /api/v1 does not match the OpenAPI document. */
export async function expectDocumented(method: string, url: string, status: number, body: string): Promise<void> {
  const problems = await documentProblems(method, url, status, body);
  if (problems.length)
    throw new Error(
      `${method} ${url} answered ${status}, not as /api/v1/openapi.json documents it:\n  ${problems.join("\n  ")}`,
    );
}

async function checked(method: string, response: APIResponse): Promise<APIResponse> {
  const status = response.status();
  await expectDocumented(method, response.url(), status, status === 304 ? "" : await response.text());
  return response;
}

const METHODS = { get: "GET", post: "POST", put: "PUT", delete: "DELETE", patch: "PATCH", head: "HEAD" } as const;

/** The request context with every answer checked against the document. */
export function checkedContext(context: APIRequestContext): APIRequestContext {
  return new Proxy(context, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      if (property in METHODS) {
        const method = METHODS[property as keyof typeof METHODS];
        return async (...args: unknown[]) => checked(method, await value.apply(target, args));
      }
      if (property === "fetch") {
        return async (input: string | { method(): string }, options?: { method?: string }) => {
          const method = typeof input === "string" ? (options?.method ?? "GET") : input.method();
          return checked(method.toUpperCase(), await value.call(target, input, options));
        };
      }
      return value.bind(target);
    },
  });
}

/** rawRequest (./raw-http) with the answer checked against the document. */
export async function rawRequest(...args: Parameters<typeof plainRawRequest>): Promise<RawAnswer> {
  const [base, method, path] = args;
  const answer = await plainRawRequest(...args);
  await expectDocumented(method, new URL(path, base).href, answer.status, answer.status === 304 ? "" : answer.body);
  return answer;
}

/** Playwright's test, with `request` and `playwright.request.newContext()` contexts checked against the document. */
export const test = base.extend({
  request: async ({ request }, use) => {
    await use(checkedContext(request));
  },
  playwright: [
    async ({ playwright }, use) => {
      const request = new Proxy(playwright.request, {
        get(target, property, receiver) {
          if (property === "newContext") {
            return async (...args: Parameters<typeof target.newContext>) =>
              checkedContext(await target.newContext(...args));
          }
          return Reflect.get(target, property, receiver);
        },
      });
      await use(
        new Proxy(playwright, {
          get: (target, property, receiver) =>
            property === "request" ? request : Reflect.get(target, property, receiver),
        }),
      );
    },
    { scope: "worker" },
  ],
});

export { expect, type APIRequest, type APIRequestContext, type APIResponse } from "@playwright/test";
