// A fake OpenAI chat-completions server on 127.0.0.1 for tests and benches: streams SSE chunks in the OpenAI
// format with a configurable first-token delay and per-token delay, and can fail (500), hang, answer empty or
// answer garbage, or end an answer as cut at its token limit (finish_reason "length"). Like OpenAI it reports the
// tokens used (`usage`: the prompt's and the answer's tokens as tokenize() cuts them) in the answer, and in a
// last chunk of a stream that asked for it (`stream_options.include_usage`), unless `usage` is off. It records
// every request (to count provider calls and read prompts) and notices aborts. Its answer is a fixed text, or one
// written from the prompt (namingPromptCards: the dealt cards, as a real model would read them).
// It also answers a question's two screens (services/question-screen.ts): the classification (a chat completion
// asking for a JSON schema response format) and POST /v1/moderations, each with its own behaviour (`screen`):
// a JSON answer, an error status, no answer at all, or garbage. Those go to `screenRequests`, not `requests`,
// so the counts of reading calls stay what they were.
// Voice: POST /v1/audio/speech answers a small valid OGG/Opus file (test/fixtures/silence.ogg) and
// POST /v1/audio/transcriptions the text set by `audio({ transcript })`; each can fail or answer garbage. Those go
// to `audioRequests`.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sleep } from './wait';

export type FakeMode =
  /** Streams the text token by token. */
  | 'ok'
  /** Answers 500 with an OpenAI-style error body. */
  | 'fail'
  /** Accepts the request and never answers. */
  | 'hang'
  /** Sends the first tokens, then stalls forever. */
  | 'stall'
  /** Streams chunks with no content, then [DONE]. */
  | 'empty'
  /** Streams data lines that are not JSON. */
  | 'garbage';

export interface FakeBehaviour {
  mode: FakeMode;
  /** ms from the request to the first token. */
  firstTokenDelayMs: number;
  /** ms between tokens. */
  tokenDelayMs: number;
  /** The answer, cut into tokens (words with their following space). */
  text: string;
  /** Writes the answer from the request's prompt instead of `text` (for example `namingPromptCards`). */
  textFor: ((prompt: string) => string) | null;
  /** For 'stall': how many tokens go out before it stalls. */
  stallAfterTokens: number;
  /** The finish_reason of the last chunk: 'stop', or 'length' for an answer cut at its token limit. */
  finishReason: 'stop' | 'length';
  /** Whether the answer reports its `usage` (a provider that never does: false). */
  usage: boolean;
}

export interface FakeRequest {
  /** The parsed JSON body (model, messages, max_tokens or max_completion_tokens, temperature, stream). */
  body: any;
  authorization: string | undefined;
  /** performance.now() when the request arrived, the first token went out, and the last went out. */
  receivedAt: number;
  firstTokenAt: number | null;
  lastTokenAt: number | null;
  tokensSent: number;
  /** The client closed the connection before the answer was complete. */
  aborted: boolean;
  finished: boolean;
}

export const DEFAULT_FAKE_TEXT = [
  '## Анализ карт',
  '',
  '**Шут** в позиции «Энергия дня» говорит о новом начале и лёгкости. **Маг** показывает, что у вас есть все инструменты. **Звезда** приносит надежду.',
  '',
  '## Общий вывод',
  '',
  'Карты советуют довериться себе и сделать первый шаг. День благоприятен для начинаний.',
].join('\n');

const CARD_PHRASES = ['задаёт тон всему раскладу', 'показывает, где сейчас ваши силы', 'подсказывает следующий шаг'];

/**
 * An answer that reads the cards the prompt deals («Карта N: name (meaning) — позиция «P»»), so that a
 * screenshot never shows the reading of cards other than the ones on the table.
 */
export function namingPromptCards(prompt: string): string {
  const cards = [...prompt.matchAll(/^Карта \d+: (.+?) \(.*?позиция «([^»]+)»/gm)].map(([, name, position]) => ({ name, position }));
  if (cards.length === 0) return DEFAULT_FAKE_TEXT;
  return [
    '## Анализ карт',
    '',
    cards.map((c, i) => `**${c.name}** в позиции «${c.position}» ${CARD_PHRASES[i % CARD_PHRASES.length]}.`).join(' '),
    '',
    '## Общий вывод',
    '',
    'Карты советуют довериться себе и сделать первый шаг. День благоприятен для начинаний.',
  ].join('\n');
}

/** Cuts text into tokens: each word with the whitespace that follows it, so joining gives the text back. */
export const tokenize = (text: string) => text.match(/\S+\s*|\s+/g) ?? [];

/** How one screen answers: with this JSON body (200), an error status, never, or with a body that is not JSON. */
export type ScreenAnswer = { json: unknown } | 'fail' | 'hang' | 'garbage';

export interface FakeScreen {
  classification: ScreenAnswer;
  moderation: ScreenAnswer;
}

export interface ScreenRequest {
  kind: 'classification' | 'moderation';
  body: any;
  authorization: string | undefined;
}

type Labels = { crisis?: 'self_harm' | 'violence' | 'none'; concern?: boolean; confidence?: number };

/** A classification answer (a chat completion whose content is the labels' JSON); by default nothing to worry about. */
export function classificationSays(l: Labels = {}): ScreenAnswer {
  const confidence = l.confidence ?? 0.9;
  const labels = {
    crisis: { value: l.crisis ?? 'none', confidence },
    concern: { value: l.concern ?? false, confidence },
    sensitive: { value: 'none', confidence },
    topic: { value: 'general', confidence },
    polarity: { value: 'neutral', confidence },
  };
  return {
    json: {
      id: 'chatcmpl-screen',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(labels) }, finish_reason: 'stop' }],
    },
  };
}

const MODERATION_CATEGORIES = [
  'harassment',
  'hate',
  'self-harm',
  'self-harm/intent',
  'self-harm/instructions',
  'sexual',
  'violence',
  'violence/graphic',
];

/** A moderation answer (OpenAI's shape) with these categories flagged. */
export function moderationFlags(...flagged: string[]): ScreenAnswer {
  const categories = Object.fromEntries(MODERATION_CATEGORIES.map((c) => [c, flagged.includes(c)]));
  const scores = Object.fromEntries(MODERATION_CATEGORIES.map((c) => [c, flagged.includes(c) ? 0.95 : 0.001]));
  return {
    json: {
      id: 'modr-fake',
      model: 'omni-moderation-latest',
      results: [{ flagged: flagged.length > 0, categories, category_scores: scores }],
    },
  };
}

/** A few bytes of a valid OGG/Opus file (one second of silence): what the fake's speech answers. */
export const OGG_FIXTURE = fs.readFileSync(new URL('./fixtures/silence.ogg', import.meta.url));

/** How the audio endpoints answer: 'ok', an error status ('fail'), never ('hang'), or a body that is not audio or JSON. */
export type AudioAnswer = 'ok' | 'fail' | 'hang' | 'garbage';

export interface FakeAudio {
  speech: AudioAnswer;
  transcription: AudioAnswer;
  /** What the transcription hears. */
  transcript: string;
}

export interface AudioRequest {
  kind: 'speech' | 'transcription';
  /** The speech's JSON body; for a transcription its form fields (model, language) and the file's size and type. */
  body: any;
  authorization: string | undefined;
}

export const DEFAULT_SCREEN: FakeScreen = { classification: classificationSays(), moderation: moderationFlags() };

export interface FakeOpenAI {
  /** The base URL to give the SDK (OPENAI_BASE_URL), ending in /v1. */
  baseUrl: string;
  requests: FakeRequest[];
  /** Changes the behaviour for the following requests. */
  set(b: Partial<FakeBehaviour>): void;
  /** The question screens' requests (classification and moderation), in order. */
  screenRequests: ScreenRequest[];
  /** Changes how the screens answer from now on (DEFAULT_SCREEN: nothing flagged). */
  screen(next: Partial<FakeScreen>): void;
  /** The audio endpoints' requests (speech and transcription), in order. */
  audioRequests: AudioRequest[];
  /** Changes how the audio endpoints answer from now on. */
  audio(next: Partial<FakeAudio>): void;
  /** The next requests, one each in order, take these changes over the current behaviour (then it applies again). */
  queue(...next: Partial<FakeBehaviour>[]): void;
  /** Holds every streaming answer before its first token until the returned function is called. */
  hold(): () => void;
  /** Resolves when `n` requests have arrived. */
  waitForRequests(n: number): Promise<void>;
  /** Resolves when a request from the `i`-th on was aborted by its client. */
  waitForAbort(i: number): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeOpenAI(initial: Partial<FakeBehaviour> = {}): Promise<FakeOpenAI> {
  let behaviour: FakeBehaviour = {
    mode: 'ok',
    firstTokenDelayMs: 0,
    tokenDelayMs: 0,
    text: DEFAULT_FAKE_TEXT,
    textFor: null,
    stallAfterTokens: 2,
    finishReason: 'stop',
    usage: true,
    ...initial,
  };
  const queued: Partial<FakeBehaviour>[] = [];
  const requests: FakeRequest[] = [];
  const screenRequests: ScreenRequest[] = [];
  let screen: FakeScreen = { ...DEFAULT_SCREEN };
  const audioRequests: AudioRequest[] = [];
  let audio: FakeAudio = { speech: 'ok', transcription: 'ok', transcript: 'Что меня ждёт в новой работе?' };
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const w of [...waiters]) w();
  };
  const until = (cond: () => boolean) =>
    new Promise<void>((resolve) => {
      if (cond()) return resolve();
      const check = () => {
        if (cond()) {
          waiters.delete(check);
          resolve();
        }
      };
      waiters.add(check);
    });
  const sockets = new Set<import('node:net').Socket>();
  let gate: Promise<void> | null = null;

  async function answerAudio(kind: AudioRequest['kind'], req: http.IncomingMessage, raw: Buffer, res: http.ServerResponse) {
    let body: any = null;
    if (kind === 'speech') {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        /* recorded as null */
      }
    } else {
      const form = await new Request('http://fake/', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: new Uint8Array(raw),
      })
        .formData()
        .catch(() => null);
      const file = form?.get('file');
      body = form && {
        model: form.get('model'),
        language: form.get('language'),
        file: file instanceof Blob ? { size: file.size, type: file.type, name: (file as File).name } : null,
      };
    }
    audioRequests.push({ kind, body, authorization: req.headers.authorization });
    notify();
    const answer = audio[kind];
    if (answer === 'hang') return;
    if (answer === 'fail') {
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'server error', type: 'server_error' } }));
      return;
    }
    if (answer === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end('<<<не звук и не json');
      return;
    }
    if (kind === 'speech') res.writeHead(200, { 'content-type': 'audio/ogg' }).end(OGG_FIXTURE);
    else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: audio.transcript }));
  }

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const audioKind =
      req.method === 'POST' && req.url?.endsWith('/audio/speech')
        ? 'speech'
        : req.method === 'POST' && req.url?.endsWith('/audio/transcriptions')
          ? 'transcription'
          : null;
    if (audioKind) return answerAudio(audioKind, req, Buffer.concat(chunks), res);
    let body: any = null;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      /* recorded as null */
    }
    // A question's screens answer by `screen`, apart from the readings' calls.
    const screenKind =
      req.method === 'POST' && req.url?.endsWith('/moderations')
        ? 'moderation'
        : req.method === 'POST' && req.url?.endsWith('/chat/completions') && body?.response_format?.type === 'json_schema'
          ? 'classification'
          : null;
    if (screenKind) {
      screenRequests.push({ kind: screenKind, body, authorization: req.headers.authorization });
      notify();
      const answer = screen[screenKind];
      if (answer === 'hang') return;
      if (answer === 'fail') {
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'server error', type: 'server_error' } }));
        return;
      }
      if (answer === 'garbage') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"results": [<<<не json');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer.json));
      return;
    }
    const b = { ...behaviour, ...queued.shift() };
    const rec: FakeRequest = {
      body,
      authorization: req.headers.authorization,
      receivedAt: performance.now(),
      firstTokenAt: null,
      lastTokenAt: null,
      tokensSent: 0,
      aborted: false,
      finished: false,
    };
    requests.push(rec);
    res.on('close', () => {
      if (!rec.finished) rec.aborted = true;
      notify();
    });
    notify();

    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      rec.finished = true;
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    if (b.mode === 'hang') return;
    if (b.mode === 'fail') {
      rec.finished = true;
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'The server had an error while processing your request.', type: 'server_error' } }));
      return;
    }

    const id = `chatcmpl-fake${requests.length}`;
    const created = Math.floor(Date.now() / 1000);
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body?.model ?? 'fake', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

    const promptText = (body?.messages ?? []).map((m: { content?: unknown }) => String(m?.content ?? '')).join('\n');
    const text = b.textFor ? b.textFor(promptText) : b.text;
    const usage = (completion: number) => {
      const prompt = tokenize(promptText).length;
      return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
    };
    if (!body?.stream) {
      await sleep(b.firstTokenDelayMs);
      rec.finished = true;
      const content = b.mode === 'empty' ? '' : text;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model: body?.model,
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: b.finishReason }],
          ...(b.usage && { usage: usage(tokenize(content).length) }),
        }),
      );
      return;
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.flushHeaders();
    const alive = () => !res.destroyed && !rec.aborted;
    if (gate) await gate;
    await sleep(b.firstTokenDelayMs);
    if (!alive()) return;
    res.write(chunk({ role: 'assistant', content: '' }));
    if (b.mode === 'garbage') {
      res.write('data: {"choices": [{"delta": {"content": "Ша\n\ndata: <<<не json>>>\n\n');
      rec.finished = true;
      res.end();
      return;
    }
    const tokens = b.mode === 'empty' ? [] : tokenize(text);
    for (let i = 0; i < tokens.length; i++) {
      if (i > 0) await sleep(b.tokenDelayMs);
      if (!alive()) return;
      if (b.mode === 'stall' && i >= b.stallAfterTokens) return; // never another byte
      res.write(chunk({ content: tokens[i] }));
      const t = performance.now();
      rec.firstTokenAt ??= t;
      rec.lastTokenAt = t;
      rec.tokensSent++;
      notify();
    }
    if (!alive()) return;
    res.write(chunk({}, b.finishReason));
    if (b.usage && body.stream_options?.include_usage) {
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body?.model ?? 'fake', choices: [], usage: usage(rec.tokensSent) })}\n\n`,
      );
    }
    res.write('data: [DONE]\n\n');
    rec.finished = true;
    res.end();
    notify();
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    set(next) {
      behaviour = { ...behaviour, ...next };
    },
    screenRequests,
    screen(next) {
      screen = { ...screen, ...next };
    },
    audioRequests,
    audio(next) {
      audio = { ...audio, ...next };
    },
    queue(...next) {
      queued.push(...next);
    },
    hold() {
      let release!: () => void;
      gate = new Promise<void>((r) => (release = r));
      return () => {
        gate = null;
        release();
      };
    },
    waitForRequests: (n) => until(() => requests.length >= n),
    // Any request from the i-th on: another call (a reading's follow-up work, a previous test's last request)
    // may have taken the i-th place before the stream the test stops.
    waitForAbort: (i) => until(() => requests.slice(i).some((r) => r.aborted)),
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
