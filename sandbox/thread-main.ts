// Inside the sandbox's thread: starts the sandbox and tells the shop's thread its address.
import { parentPort, workerData } from "node:worker_threads";
import { startStripeSandbox, type SandboxOptions } from "./stripe-sandbox";

const sandbox = await startStripeSandbox({
  ...(workerData as Omit<SandboxOptions, "log">),
  log: (message) => console.warn(message),
});
parentPort!.postMessage(sandbox.url);
