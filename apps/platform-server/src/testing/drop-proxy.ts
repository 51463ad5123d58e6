/**
 * A TCP proxy on 127.0.0.1 that cuts chosen connections, for the fault tests: the server's
 * presigned URLs point at it (`publicUrl`), so uploads and part downloads pass through it while
 * the keyed API calls go straight to the server.
 */
import { once } from "node:events";
import { createServer, connect, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

/**
 * Where a cut connection dies: `mid-body` once `afterBytes` of the request have passed (the server
 * never sees the whole body); `before-reply` once the server starts to answer (it has the whole
 * body and has acted on it, but the client never hears so); `mid-reply` once `afterBytes` of the
 * reply have reached the client.
 */
export type CutPoint = { at: "mid-body"; afterBytes: number } | { at: "before-reply" } | { at: "mid-reply"; afterBytes: number };

export interface DropProxy {
  url: string;
  /** Where connections go (http://host:port); set once the server behind it is listening. */
  target: string;
  /** Connections whose first request had the method, cut or not. */
  readonly matched: number;
  /** Connections cut so far. */
  readonly cut: number;
  /** Cuts the next `n` connections that open with the method (on top of any still armed). */
  arm(n: number): void;
  /** Ends every open connection (not counted as cut), so the client's next request opens a new one; resolves once all are closed. */
  closeConnections(): Promise<void>;
  close(): Promise<void>;
}

/** A proxy that cuts the first `cutFirst` connections opening with a `method` request (PUT: uploads, GET: part downloads), at `point`. */
export async function startDropProxy(cutFirst: number, point: CutPoint, method: "PUT" | "GET" = "PUT"): Promise<DropProxy> {
  const sockets = new Set<Socket>();
  let matched = 0;
  let armed = cutFirst;
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
    let replied = 0;
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
        doomed = chunk.subarray(0, method.length + 1).toString("latin1") === `${method} `;
        if (doomed) {
          matched++;
          doomed = armed > 0;
          if (doomed) armed--;
        }
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
      replied += chunk.length;
      if (doomed && point.at === "mid-reply" && replied > point.afterBytes) {
        markCut();
        client.write(chunk.subarray(0, chunk.length - (replied - point.afterBytes)), destroy);
        return;
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
    get matched() {
      return matched;
    },
    get cut() {
      return cut;
    },
    arm(n: number) {
      armed += n;
    },
    closeConnections() {
      const closed = [...sockets].map((s) => once(s, "close"));
      for (const s of sockets) s.destroy();
      return Promise.all(closed).then(() => undefined);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
