// Server-Sent Events read from a fetch body (EventSource cannot send the Authorization header), parsed by
// eventsource-parser. Shared by the web app's stream client (stream.ts) and the tests' (test/sse-client.ts).
import { EventSourceParserStream } from 'eventsource-parser/stream';

/** The body's events as they arrive: `event` (unset for the default `message`) and `data`; comments skipped. */
export const sseReader = (body: NonNullable<Response['body']>) =>
  body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
