import { Worker } from "node:worker_threads";
import type { SandboxOptions } from "./stripe-sandbox";

/**
 * Starts the payment sandbox on a thread of its own: the HTTP work of the sandbox's API and its
 * webhook deliveries then run beside the shop's event loop instead of on it. Logs go to stderr.
 */
export async function startStripeSandboxThread(
  options: Omit<SandboxOptions, "log">,
): Promise<{ url: string; close(): Promise<void> }> {
  const worker = new Worker(new URL("./thread-entry.mjs", import.meta.url), { workerData: options });
  const url = await new Promise<string>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`The payment sandbox's thread exited (${code}) before it started`)));
  });
  worker.on("error", (error) => console.error("The payment sandbox failed:", error));
  worker.unref();
  return {
    url,
    close: async () => {
      await worker.terminate();
    },
  };
}
