import { describe, expect, it } from 'vitest';
import { sseReader } from './sse';

/** A body delivered in `size`-byte pieces: events, and letters, split anywhere. */
function body(text: string, size: number) {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size));
      controller.close();
    },
  });
}

async function readAll(stream: ReadableStream<Uint8Array>) {
  const reader = sseReader(stream as NonNullable<Response['body']>);
  const out: [string | undefined, string][] = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return out;
    out.push([value.event, value.data]);
  }
}

describe('SSE reader', () => {
  it('joins events split across chunks anywhere (inside a letter too), with CRLF and comments', async () => {
    const text =
      ': ping\r\nevent: delta\r\ndata: {"text":"При"}\r\n\r\nevent: delta\ndata: {"text":"вет"}\n\nevent: done\ndata: {"fallback":false}\n\n';
    expect(await readAll(body(text, 7))).toEqual([
      ['delta', '{"text":"При"}'],
      ['delta', '{"text":"вет"}'],
      ['done', '{"fallback":false}'],
    ]);
  });

  it('joins multi-line data; an event without its blank line before the end is not delivered', async () => {
    expect(await readAll(body('data: a\ndata: b\n\nevent: error\ndata: {"message":"x"}', 5))).toEqual([[undefined, 'a\nb']]);
  });
});
