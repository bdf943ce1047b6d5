import path from "node:path";

// Environment is read in one place; every default a self-hoster relies on is here.
function databasePathFromUrl(url: string): string {
  const file = url.startsWith("file:") ? url.slice("file:".length) : url;
  return file === ":memory:" ? file : path.resolve(file);
}

function readConfig() {
  const env = process.env;
  const port = Number(env.PORT ?? 3000);
  const databasePath = databasePathFromUrl(env.DATABASE_URL ?? "file:./data/shop.db");
  const dataDir = databasePath === ":memory:" ? path.resolve("data") : path.dirname(databasePath);
  return {
    port,
    isProduction: env.NODE_ENV !== "development" && env.NODE_ENV !== "test",
    shopName: env.SHOP_NAME?.trim() || "ShopIT",
    databasePath,
    dataDir,
    uploadsDir: path.resolve(env.UPLOADS_DIR ?? path.join(dataDir, "uploads")),
    seed: env.SEED === "none" ? ("none" as const) : ("demo" as const),
    adminEmail: env.ADMIN_EMAIL?.trim().toLowerCase() || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
  };
}

export type Config = ReturnType<typeof readConfig>;

export const config: Config = readConfig();
