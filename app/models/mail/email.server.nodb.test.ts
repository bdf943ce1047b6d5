import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { config } from "~/config.server";
import { drainMails, sendMail, trackMail } from "./email.server";

afterEach(() => vi.restoreAllMocks());

const outbox = () => (fs.existsSync(config.outboxDir) ? fs.readdirSync(config.outboxDir) : []);

describe("without SMTP_URL", () => {
  it("writes each mail to the outbox as multipart/alternative, text and HTML", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const before = new Set(outbox());
    await sendMail({ to: "a@example.com", subject: "Hello", text: "Plain words", html: "<p>Rich words</p>" });
    const [file] = outbox().filter((f) => !before.has(f));
    const raw = fs.readFileSync(path.join(config.outboxDir, file), "utf8");
    expect(raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(raw).toMatch(/Content-Type: text\/plain[\s\S]*Plain words/);
    expect(raw).toMatch(/Content-Type: text\/html[\s\S]*<p>Rich words<\/p>/);
  });

  it("creates the outbox folder when it is missing (removed while the shop runs, say)", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    fs.rmSync(config.outboxDir, { recursive: true, force: true });
    await sendMail({ to: "a@example.com", subject: "Again", text: "Still here", html: "<p>Still here</p>" });
    await sendMail({ to: "a@example.com", subject: "And again", text: "Still here", html: "<p>Still here</p>" });
    expect(outbox()).toHaveLength(2);
  });
});

describe("drainMails (a stopping server)", () => {
  it("waits for the mails still being composed, and no longer than its time limit", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    let composed = false;
    void trackMail(new Promise((resolve) => setTimeout(() => ((composed = true), resolve()), 200)));
    await drainMails(5_000);
    expect(composed).toBe(true);

    let release: () => void = () => {};
    void trackMail(new Promise((resolve) => (release = () => resolve())));
    const started = Date.now();
    await drainMails(150);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    release();
    await drainMails(5_000);
  });
});
