import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

// A local S3-compatible server (s3rver, from npm: objects kept as files in a folder) for the upload
// store's tests and test:scale: every node given `env` keeps and serves its pictures in one bucket.

export type LocalS3 = {
  /** Where it listens: http://127.0.0.1:<port>. */
  url: string;
  bucket: string;
  /** The UPLOADS_S3_* variables that point a shop node at the bucket. */
  env: Record<string, string>;
  stop(): Promise<void>;
};

/** s3rver's fixed key pair: it accepts requests signed with it. */
const KEY = "S3RVER";

/** Starts s3rver on 127.0.0.1 (`port`, or 0 for a free one) with an empty `bucket`, its files in a new temporary folder. */
export async function startLocalS3({ port = 0, bucket = "shop-uploads" } = {}): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "shop-s3-"));
  const server = new S3rver({
    port,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run().catch((error: unknown) => {
    fs.rmSync(directory, { recursive: true, force: true });
    throw error;
  });
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    bucket,
    env: {
      UPLOADS_S3_BUCKET: bucket,
      UPLOADS_S3_ENDPOINT: url,
      UPLOADS_S3_REGION: "us-east-1",
      UPLOADS_S3_ACCESS_KEY_ID: KEY,
      UPLOADS_S3_SECRET_ACCESS_KEY: KEY,
      UPLOADS_S3_FORCE_PATH_STYLE: "true",
    },
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
