// A TCP proxy in front of PostgreSQL for fault tests: cut (refused or silent) and restored at will.
import net from 'node:net';

/** A TCP proxy in front of PostgreSQL that the test can cut (refusing, or silently dropping) and restore. */
export async function startTcpProxy(targetHost: string, targetPort: number) {
  const sockets = new Set<net.Socket>();
  let mode: 'open' | 'refuse' | 'silent' | 'stall' = 'open';
  const pairs = new Set<[net.Socket, net.Socket]>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    // A dropped network: the connection opens and nothing ever comes back.
    if (mode !== 'open') return;
    const upstream = net.connect(targetPort, targetHost);
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    client.on('close', () => pairs.delete(pair));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const dropAll = () => {
    for (const s of sockets) s.destroy();
  };
  return {
    port,
    /** Cuts every open connection; new ones are refused (`refuse`) or accepted and never answered (`silent`). */
    async cut(how: 'refuse' | 'silent') {
      mode = how;
      // close() stops listening at once and calls back when the last connection is gone.
      const closed = how === 'refuse' ? new Promise<void>((resolve) => server.close(() => resolve())) : null;
      dropAll();
      await closed;
    },
    /** The database stops answering without closing anything: open connections stay open and go quiet. */
    stall() {
      mode = 'stall';
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    async restore() {
      dropAll();
      if (!server.listening) await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      mode = 'open';
    },
    async close() {
      dropAll();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
