/**
 * A phone far away, for socket tests: a TCP proxy on this machine that holds every chunk it
 * carries `oneWayMs` before passing it on, in each direction, between a client and the served
 * app. A room socket through it is a real socket with a real round trip of twice that, its
 * handshake included; nothing in the client or the room knows.
 */
import { type AddressInfo, type Socket, connect, createServer } from "node:net";

export interface SlowLine {
  /** host:port to connect to instead of the app's. */
  host: string;
  close(): Promise<void>;
}

/** Passes `from`'s data to `to`, each chunk `delayMs` later, in order (Node runs equal timeouts in the order set). */
function delayed(from: Socket, to: Socket, delayMs: number) {
  from.on("data", (chunk) => {
    setTimeout(() => {
      if (!to.destroyed) to.write(chunk);
    }, delayMs);
  });
  from.on("end", () => setTimeout(() => to.end(), delayMs));
  from.on("error", () => to.destroy());
  from.on("close", () => setTimeout(() => to.destroy(), delayMs));
}

/** A line to `target` (host:port) that takes `oneWayMs` each way. */
export async function slowLine(target: string, oneWayMs: number): Promise<SlowLine> {
  const [host, port] = target.split(":") as [string, string];
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(port), host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.setNoDelay(true);
      s.on("close", () => sockets.delete(s));
    }
    delayed(client, upstream, oneWayMs);
    delayed(upstream, client, oneWayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port: own } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${own}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
