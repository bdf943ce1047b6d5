import { describe, expect, it, vi } from "vitest";
import { logRequestError, requestLostTheDatabase } from "./server-errors.server";

// The edge answers a failed request 503 only when its own error says the database went away: a
// bug met a moment after an outage is still a 500, with its stack in the log.
describe("a request's error on PostgreSQL", () => {
  it("is noted as the database gone away when the connection was lost, and not logged", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const lost = {};
      const terminated = Object.assign(new Error("terminating connection due to administrator command"), {
        code: "57P01",
      });
      logRequestError(new Error("Failed query: select 1", { cause: terminated }), lost);
      expect(requestLostTheDatabase(lost)).toBe(true);
      expect(error.mock.calls.filter(([line]) => String(line).includes("Failed query"))).toEqual([]);

      const buggy = {};
      logRequestError(new TypeError("Cannot read properties of undefined (reading 'price')"), buggy);
      expect(requestLostTheDatabase(buggy)).toBe(false);
      expect(error).toHaveBeenCalledWith(expect.objectContaining({ name: "TypeError" }));
    } finally {
      error.mockRestore();
    }
  });
});
