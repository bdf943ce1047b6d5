import { threadId } from "node:worker_threads";

/**
 * The listening connection's application_name: its process, so that an operator (or test:scale) can
 * tell whose it is, and its thread: the mail thread (server/run.server.ts) follows the version too,
 * on a connection of its own.
 */
export const listenerName = (pid = process.pid, thread = threadId) =>
  `shopit-catalogue-version ${pid}${thread === 0 ? "" : ` thread ${thread}`}`;
