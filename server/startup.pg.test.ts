import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { createDatabase, databaseUrl, onServer } from "../tools/pg/databases";
import { afterAll, describe, expect, it } from "vitest";
import { openShopDatabase, rows } from "~/db/shop-file.server";
import { demoProducts } from "~/seed/demo-catalogue";

// Two nodes starting at the same moment on one empty PostgreSQL database: the migrations, the demo
// seed and the admin account are each done once (start-up holds an advisory lock).

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-startup-"));
const database = `startup_${process.pid}`;
const server = process.env.PG_TEST_URL!;
const url = databaseUrl(server, database);

function startNode(): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "tests/unit/startup-node.ts"], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        SEED: "demo",
        ADMIN_EMAIL: "owner@example.com",
        ADMIN_PASSWORD: "owner-password-1",
        UPLOADS_DIR: path.join(dir, "uploads"),
        SESSION_SECRET: "startup-test-secret",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => resolve({ code: code ?? 1, output }));
  });
}

describe("two nodes starting at once on an empty PostgreSQL database", () => {
  afterAll(async () => {
    await onServer(server, `DROP DATABASE IF EXISTS ${database}`);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("migrate, seed and make the admin account once", async () => {
    await createDatabase(server, database);
    const nodes = await Promise.all([startNode(), startNode()]);
    expect(nodes.map((n) => n.code)).toEqual([0, 0]);
    const all = nodes.map((n) => n.output).join("\n");
    expect(all.match(/Seeded the demo catalogue\./g)).toHaveLength(1);
    expect(all.match(/created the admin account owner@example\.com/g)).toHaveLength(1);

    const shop = openShopDatabase(url);
    try {
      const journal = JSON.parse(fs.readFileSync("drizzle/pg/meta/_journal.json", "utf8")) as { entries: unknown[] };
      const [migrations] = await rows<{ n: number }>(
        shop.q,
        sql`SELECT count(*) AS n FROM drizzle.__drizzle_migrations`,
      );
      expect(migrations.n).toBe(journal.entries.length);
      const [products] = await rows<{ n: number }>(shop.q, sql`SELECT count(*) AS n FROM products`);
      expect(products.n).toBe(demoProducts.length);
      const [owners] = await rows<{ n: number }>(
        shop.q,
        sql`SELECT count(*) AS n FROM users WHERE email = 'owner@example.com' AND role = 'admin'`,
      );
      expect(owners.n).toBe(1);
    } finally {
      await shop.close();
    }
  }, 120_000);
});
