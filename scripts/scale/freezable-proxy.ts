import net from "node:net";

// A TCP proxy in front of PostgreSQL for one node (test:scale): it passes everything through, and on
// demand freezes the connections whose startup message names a given application: from then on nothing
// flows either way and nothing is closed, as when a network drops packets silently.

export type FreezableProxy = {
  port: number;
  /** Freezes the open connections whose application_name is `application`; answers how many. */
  freeze(application: string): number;
  close(): Promise<void>;
};

type Link = { client: net.Socket; server: net.Socket; application: string };

/** The application_name of a PostgreSQL startup message (its parameters are NUL-separated pairs). */
function applicationOf(startup: Buffer): string {
  const fields = startup.subarray(8).toString("latin1").split("\0");
  const at = fields.indexOf("application_name");
  return at >= 0 ? (fields[at + 1] ?? "") : "";
}

export async function startFreezableProxy(target: { host: string; port: number }): Promise<FreezableProxy> {
  const links = new Set<Link>();
  const proxy = net.createServer((client) => {
    const server = net.connect(target.port, target.host);
    const link: Link = { client, server, application: "" };
    links.add(link);
    const end = () => {
      links.delete(link);
      client.destroy();
      server.destroy();
    };
    client.once("data", (first: Buffer) => {
      link.application = applicationOf(first);
      server.write(first);
      client.pipe(server);
    });
    server.pipe(client);
    client.on("error", end).on("close", end);
    server.on("error", end).on("close", end);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return {
    port: (proxy.address() as net.AddressInfo).port,
    freeze(application) {
      let frozen = 0;
      for (const link of links) {
        if (link.application !== application) continue;
        link.client.unpipe(link.server);
        link.server.unpipe(link.client);
        link.client.pause();
        link.server.pause();
        frozen++;
      }
      return frozen;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const link of links) {
          link.client.destroy();
          link.server.destroy();
        }
        proxy.close(() => resolve());
      }),
  };
}
