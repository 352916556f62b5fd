// A real HTTP client of our API for streaming tests and benches: serves a Hono app on 127.0.0.1 and reads
// Server-Sent Events from a fetch Response as they arrive.
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { sseReader } from '../webapp/src/sse';

export interface ServedApp {
  url: string;
  close(): Promise<void>;
}

/** Serves `app` on a free loopback port (as main.ts does). */
export function serveApp(app: { fetch: (req: Request) => Response | Promise<Response> }): Promise<ServedApp> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            (server as import('node:http').Server).closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}

export interface SseEvent {
  event: string;
  data: any;
  /** performance.now() when the event was read. */
  at: number;
}

/** The events of an SSE response, as they arrive (comments skipped; data parsed as JSON when it is JSON). */
export async function* sseEvents(res: Response): AsyncGenerator<SseEvent> {
  if (!res.body) return;
  // The web app's reader (eventsource-parser), so the tests read streams as the screens do.
  const reader = sseReader(res.body);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      let parsed: any = value.data;
      try {
        parsed = JSON.parse(value.data);
      } catch {
        /* plain text data */
      }
      yield { event: value.event ?? 'message', data: parsed, at: performance.now() };
    }
  } finally {
    reader.releaseLock();
  }
}

/** Reads a whole SSE response into its events. */
export async function readSse(res: Response): Promise<SseEvent[]> {
  const out: SseEvent[] = [];
  for await (const e of sseEvents(res)) out.push(e);
  return out;
}
