import type { FullResult, Reporter, Suite } from "@playwright/test/reporter";
import { recordStage } from "../../../scripts/test/stage-log";

/**
 * Adds each Playwright project to the stage table of `npm test` (scripts/test/stage-log.ts): its
 * seconds from its first test's start to its last one's end (projects overlap: two workers), its
 * tests passed, flaky and failed, and their summed time.
 */
export default class StageReporter implements Reporter {
  private root: Suite | undefined;

  onBegin(_config: unknown, suite: Suite) {
    this.root = suite;
  }

  onEnd(_result: FullResult) {
    if (!this.root) return;
    type Tally = { passed: number; flaky: number; failed: number; testMs: number; first: number; last: number };
    const projects = new Map<string, Tally>();
    for (const test of this.root.allTests()) {
      if (test.results.length === 0) continue;
      const name = test.parent.project()?.name ?? "(no project)";
      const tally = projects.get(name) ?? { passed: 0, flaky: 0, failed: 0, testMs: 0, first: Infinity, last: 0 };
      const outcome = test.outcome();
      if (outcome === "expected") tally.passed++;
      else if (outcome === "flaky") tally.flaky++;
      else if (outcome === "unexpected") tally.failed++;
      for (const result of test.results) {
        const start = result.startTime.getTime();
        tally.testMs += result.duration;
        tally.first = Math.min(tally.first, start);
        tally.last = Math.max(tally.last, start + result.duration);
      }
      projects.set(name, tally);
    }
    const prefix = process.env.E2E_EXTERNAL_SHOP === "1" ? "two nodes: " : "";
    for (const [name, t] of projects)
      recordStage({
        name: `${prefix}${name}`,
        seconds: (t.last - t.first) / 1000,
        ok: t.failed === 0,
        detail: `${t.passed} passed, ${t.flaky} flaky, ${t.failed} failed; ${(t.testMs / 1000).toFixed(0)} s of test time`,
        part: true,
      });
  }

  printsToStdio() {
    return false;
  }
}
