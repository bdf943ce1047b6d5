import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "~/config.server";
import { mailMessage, missingSessionSecret, readyMessage } from "./startup-messages.server";

describe("start-up messages", () => {
  it("say the shop is ready at localhost by default", () => {
    expect(readyMessage(parseConfig({}))).toBe("ShopIT is ready at http://localhost:3000");
    expect(readyMessage(parseConfig({ PORT: "8080" }), 2)).toBe(
      "ShopIT is ready at http://localhost:8080 (2 worker processes)",
    );
  });

  it("give PUBLIC_URL as the address, and the port when the shop is reached elsewhere", () => {
    expect(readyMessage(parseConfig({ PUBLIC_URL: "https://shop.example.com/", SHOP_NAME: "Volt" }))).toBe(
      "Volt is ready at https://shop.example.com, listening on port 3000",
    );
  });

  it("want SESSION_SECRET on PostgreSQL only (SQLite keeps a generated one beside its file)", () => {
    const pg = "postgres://shop:pw@db.example.com:5432/shop";
    expect(missingSessionSecret(parseConfig({ DATABASE_URL: pg }))).toMatch(/^SESSION_SECRET: must be set/);
    expect(missingSessionSecret(parseConfig({ DATABASE_URL: pg, SESSION_SECRET: "s3cret" }))).toBeNull();
    expect(missingSessionSecret(parseConfig({ DATABASE_URL: "file:./data/shop.db" }))).toBeNull();
  });

  it("say where mail goes, never with the SMTP password", () => {
    const smtp = mailMessage(parseConfig({ SMTP_URL: "smtps://mailer:s3cret@smtp.example.com:465" }));
    expect(smtp).toBe("Mail: sent through smtps://smtp.example.com:465 (SMTP_URL).");
    expect(smtp).not.toContain("s3cret");
    expect(mailMessage(parseConfig({ OUTBOX_DIR: "/srv/mails" }))).toBe(
      `Mail: no SMTP_URL, so mails are saved in ${path.resolve("/srv/mails")} and their links logged here.`,
    );
  });
});
