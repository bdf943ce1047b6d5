import { describe, expect, it } from "vitest";
import { accessLogFormat } from "./access-log.server";

describe("the access log's form", () => {
  it("is short lines in a terminal and JSON where a program reads the output, unless ACCESS_LOG says", () => {
    const terminal = { isTTY: true };
    const pipe = { isTTY: undefined };
    expect(accessLogFormat("auto", terminal)).toBe("short");
    // A container's log, a collector, a file: JSON, as before.
    expect(accessLogFormat("auto", pipe)).toBe("json");
    expect(accessLogFormat("json", terminal)).toBe("json");
    expect(accessLogFormat("short", pipe)).toBe("short");
    expect(accessLogFormat("off", terminal)).toBeNull();
    expect(accessLogFormat("off", pipe)).toBeNull();
  });
});
