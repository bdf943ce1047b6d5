import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { admissionGate } from "./admission.server";

afterEach(() => vi.useRealTimers());

/** A response as the gate sees it: it ends with "finish", or "close" when the client goes. */
class FakeResponse extends EventEmitter {
  destroyed = false;
  finish() {
    this.emit("finish");
    this.emit("close");
  }
  hangUp() {
    this.destroyed = true;
    this.emit("close");
  }
}

function arrive(gate: ReturnType<typeof admissionGate>, started: string[], name: string) {
  const res = new FakeResponse();
  gate.admit(res as unknown as ServerResponse, () => started.push(name));
  return res;
}

describe("the admission gate", () => {
  it("works on at most `limit` requests at once and starts the others in the order they came", () => {
    const gate = admissionGate({ limit: 2 });
    const started: string[] = [];
    const [a, b] = [arrive(gate, started, "a"), arrive(gate, started, "b")];
    arrive(gate, started, "c");
    arrive(gate, started, "d");
    expect(started).toEqual(["a", "b"]);
    expect(gate.counts).toEqual({ working: 2, waiting: 2 });
    b.finish();
    expect(started).toEqual(["a", "b", "c"]);
    a.finish();
    expect(started).toEqual(["a", "b", "c", "d"]);
    expect(gate.counts).toEqual({ working: 2, waiting: 0 });
  });

  it("stops counting a request that takes longer than holdMs (a slow upload, a call to a provider)", () => {
    vi.useFakeTimers();
    const gate = admissionGate({ limit: 1, holdMs: 100 });
    const started: string[] = [];
    const slow = arrive(gate, started, "slow");
    arrive(gate, started, "next");
    vi.advanceTimersByTime(99);
    expect(started).toEqual(["slow"]);
    vi.advanceTimersByTime(1);
    expect(started).toEqual(["slow", "next"]);
    // Its end later does not let one more in than the limit.
    slow.finish();
    arrive(gate, started, "third");
    expect(started).toEqual(["slow", "next"]);
    expect(gate.counts).toEqual({ working: 1, waiting: 1 });
  });

  it("skips a waiting request whose client went away", () => {
    const gate = admissionGate({ limit: 1 });
    const started: string[] = [];
    const first = arrive(gate, started, "first");
    arrive(gate, started, "gone").hangUp();
    arrive(gate, started, "last");
    first.finish();
    expect(started).toEqual(["first", "last"]);
  });

  it("with a limit of 0 lets every request in at once", () => {
    const gate = admissionGate({ limit: 0 });
    const started: string[] = [];
    for (const name of ["a", "b", "c"]) arrive(gate, started, name);
    expect(started).toEqual(["a", "b", "c"]);
  });
});
