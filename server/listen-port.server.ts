import type http from "node:http";
import net from "node:net";

// A port another program (or the shop already running) listens on stops start-up with one line,
// before anything else is done or printed: the primary asks first (portInUse), and a port taken
// between that question and the listen ends the process the same way (listenOrExit).

/** A worker's exit code when its port is taken: the primary says why (server/run.server.ts). EADDRINUSE's number on Linux. */
export const PORT_IN_USE_EXIT_CODE = 98;

export function portInUseMessage(port: number): string {
  return `PORT: port ${port} is in use (another program, or the shop already running, listens on it): stop that, or set PORT to a free port.`;
}

const isPortInUse = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === "EADDRINUSE";

/**
 * Whether `port` is taken, asked by listening on it for a moment as the shop does (every address:
 * a program listening on 127.0.0.1 only takes it too). Port 0 (any free one) never is.
 */
export function portInUse(port: number): Promise<boolean> {
  if (port === 0) return Promise.resolve(false);
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (error) => (isPortInUse(error) ? resolve(true) : reject(error)));
    probe.listen({ port, exclusive: true }, () => probe.close(() => resolve(false)));
  });
}

/**
 * Listens on `port`. Taken meanwhile: a process serving alone prints the one line and exits; a
 * worker exits with PORT_IN_USE_EXIT_CODE only, and the primary prints the line once for all of them.
 */
export function listenOrExit(
  server: http.Server,
  port: number,
  { isWorker, onListening }: { isWorker: boolean; onListening: () => void },
) {
  server.once("error", (error) => {
    if (!isPortInUse(error)) throw error;
    if (!isWorker) console.error(portInUseMessage(port));
    process.exit(PORT_IN_USE_EXIT_CODE);
  });
  server.listen(port, onListening);
}
