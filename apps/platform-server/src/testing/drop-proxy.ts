/**
 * A TCP proxy on 127.0.0.1 that cuts chosen connections, for the fault tests: the server's
 * presigned URLs point at it (`publicUrl`), so uploads and part downloads pass through it while
 * the keyed API calls go straight to the server.
 */
import { createServer, connect, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

/**
 * Where a cut connection dies: `mid-body` once `afterBytes` of the request have passed (the server
 * never sees the whole body); `before-reply` once the server starts to answer (it has the whole
 * body and has acted on it, but the client never hears so).
 */
export type CutPoint = { at: "mid-body"; afterBytes: number } | { at: "before-reply" };

export interface DropProxy {
  url: string;
  /** Where connections go (http://host:port); set once the server behind it is listening. */
  target: string;
  /** Connections whose first request was a PUT, cut or not. */
  readonly puts: number;
  /** Connections cut so far. */
  readonly cut: number;
  close(): Promise<void>;
}

/** A proxy that cuts the first `cutPuts` connections opening with a PUT, at `point`. */
export async function startDropProxy(cutPuts: number, point: CutPoint): Promise<DropProxy> {
  const sockets = new Set<Socket>();
  let puts = 0;
  let cut = 0;
  let target = "";
  const track = (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  };

  const server = createServer((client) => {
    const { hostname, port } = new URL(target);
    const upstream = connect(Number(port), hostname);
    track(client);
    track(upstream);
    let seen = 0;
    let doomed: boolean | null = null;
    let killed = false;
    const destroy = () => {
      client.destroy();
      upstream.destroy();
    };
    const markCut = () => {
      killed = true;
      cut++;
    };
    client.on("data", (chunk: Buffer) => {
      if (killed) return;
      if (doomed === null) {
        // A keep-alive connection is judged by its first request only.
        doomed = chunk.subarray(0, 4).toString("latin1") === "PUT ";
        if (doomed) doomed = puts++ < cutPuts;
      }
      seen += chunk.length;
      if (doomed && point.at === "mid-body" && seen > point.afterBytes) {
        // Forward part of this chunk so the server is mid-body when the connection dies.
        markCut();
        upstream.write(chunk.subarray(0, chunk.length - (seen - point.afterBytes)), destroy);
        return;
      }
      if (!upstream.write(chunk)) client.pause();
    });
    upstream.on("drain", () => client.resume());
    upstream.on("data", (chunk: Buffer) => {
      if (killed) return;
      if (doomed && point.at === "before-reply") {
        markCut();
        return destroy();
      }
      if (!client.write(chunk)) upstream.pause();
    });
    client.on("drain", () => upstream.resume());
    client.on("end", () => upstream.end());
    upstream.on("end", () => client.end());
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    get target() {
      return target;
    },
    set target(url: string) {
      target = url;
    },
    get puts() {
      return puts;
    },
    get cut() {
      return cut;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
