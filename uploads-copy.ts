// `npm run uploads:copy`: copies the uploads folder (UPLOADS_DIR) into the bucket UPLOADS_S3_* name,
// each picture under the same key with its type, when a one-machine shop moves to several nodes
// (README, "Scaling out"). Safe to run again (the same objects are written again) and while the
// shop still runs on the folder: run it once more after the last node has switched to the bucket.
import { config } from "./app/config.server";
import { copyFolderToStore, uploadStore } from "./app/models/uploads/index";

if (!config.uploadsS3) {
  console.error("uploads:copy: UPLOADS_S3_BUCKET is not set: it names the bucket to copy the uploads folder into.");
  process.exit(1);
}
try {
  const store = await uploadStore();
  const { copied, bytes, leftOut } = await copyFolderToStore(config.uploadsDir, store);
  console.log(`Copied ${copied} files (${bytes} bytes) from ${config.uploadsDir} to ${store.location}.`);
  if (leftOut.length > 0) console.log(`Left out (not names the shop writes): ${leftOut.join(", ")}`);
} catch (error) {
  console.error(`uploads:copy failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
