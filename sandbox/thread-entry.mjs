// The payment sandbox's thread (thread.ts starts it). Worker threads do not inherit the tsx loader
// the shop was started with: register it here, then run the TypeScript entry.
import { register } from "tsx/esm/api";

register();
await import("./thread-main.ts");
