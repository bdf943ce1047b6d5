// The mail thread (mail-thread.server.ts starts it). Worker threads do not inherit the tsx loader
// the shop was started with: register it here, then run the TypeScript side.
import { register } from "tsx/esm/api";

register();
await import("./mail-thread-main.server.ts");
