import type { Reporter, TestModule } from "vitest/node";
import { recordStage } from "../../scripts/test/stage-log";

/**
 * Adds each Vitest project to the stage table of `npm test` (scripts/test/stage-log.ts): its
 * seconds from its first file's start to its last one's end (the projects run side by side), its
 * files and tests, and their summed time.
 */
export default class StageReporter implements Reporter {
  private spans = new Map<string, { first: number; last: number }>();

  onTestModuleStart(module: TestModule) {
    const span = this.spans.get(module.project.name) ?? { first: Date.now(), last: 0 };
    this.spans.set(module.project.name, span);
  }

  onTestModuleEnd(module: TestModule) {
    const span = this.spans.get(module.project.name);
    if (span) span.last = Date.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    type Tally = { files: number; passed: number; failed: number; skipped: number; ms: number };
    const projects = new Map<string, Tally>();
    for (const module of modules) {
      const name = module.project.name;
      const tally = projects.get(name) ?? { files: 0, passed: 0, failed: 0, skipped: 0, ms: 0 };
      tally.files++;
      tally.ms += module.diagnostic().duration;
      const failedBefore = tally.failed;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") tally.passed++;
        else if (state === "failed") tally.failed++;
        else tally.skipped++;
      }
      // A file that failed with no failed test (it did not load, a hook threw) counts as one.
      if (module.state() === "failed" && tally.failed === failedBefore) tally.failed++;
      projects.set(name, tally);
    }
    for (const [name, t] of projects) {
      const span = this.spans.get(name);
      recordStage({
        name: `unit: ${name}`,
        seconds: span && span.last ? (span.last - span.first) / 1000 : 0,
        ok: t.failed === 0,
        detail: `${t.files} files: ${t.passed} passed, ${t.failed} failed${t.skipped ? `, ${t.skipped} skipped` : ""}; ${(t.ms / 1000).toFixed(0)} s of test time`,
        part: true,
      });
    }
  }
}
