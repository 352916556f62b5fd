// Hostile request parts for the hostile-input test: every way a body can be wrong around a valid sample,
// path parameters and query strings.
import fc from 'fast-check';
import { BAD_BYTES, BAD_CHARS, BROKEN_JSON_TAILS, concat, FIELD_NAMES, LITERAL_BODIES, pickId, toJson, utf8 } from './values';
import { BODY_LIMIT } from './constants';

/** The places of a value's strings (a few levels deep): [holder, key] pairs that can be rewritten. */
function stringSlots(value: unknown): [Record<string | number, unknown>, string | number][] {
  const out: [Record<string | number, unknown>, string | number][] = [];
  const visit = (holder: any, depth: number) => {
    if (depth > 3 || holder === null || typeof holder !== 'object') return;
    for (const k of Object.keys(holder)) {
      if (typeof holder[k] === 'string') out.push([holder, k]);
      else visit(holder[k], depth + 1);
    }
  };
  visit(value, 0);
  return out;
}

export interface BodySpec {
  what: string;
  body: string | Uint8Array | null;
}

// Built once for all routes (values.ts says why).
const FIELD_NAME_STRING = fc.string({ maxLength: 12 });
const RANDOM_JSON = fc.jsonValue({ maxDepth: 4 });
const ESCAPED_PARAM = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map(encodeURIComponent);
const ESCAPED_QUERY_KEY = fc.string({ unit: 'grapheme-ascii', maxLength: 8 }).map(encodeURIComponent);

/** Every way a body can be wrong, built around a route's valid sample (a fresh object on every call: it is edited in place). */
export function bodyArb(sample: (pick: number) => Record<string, unknown>, value: fc.Arbitrary<unknown>): fc.Arbitrary<BodySpec> {
  const keysOf = (pick: number) => Object.keys(sample(pick));
  interface Mutation {
    pick: number;
    drop: number[];
    replace: [number, unknown][];
    corrupt: [number, string, number][];
    extra: [string, unknown][];
  }
  const drop = fc.array(fc.nat({ max: 20 }), { minLength: 1, maxLength: 2 });
  const replace = fc.array(fc.tuple(fc.nat({ max: 20 }), value), { minLength: 1, maxLength: 2 });
  const corrupt = fc.array(fc.tuple(fc.nat({ max: 20 }), fc.constantFrom(...BAD_CHARS), fc.double({ min: 0, max: 1, noNaN: true })), {
    minLength: 1,
    maxLength: 2,
  });
  const extra = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FIELD_NAMES), FIELD_NAME_STRING), value), {
    minLength: 1,
    maxLength: 3,
  });
  const none = fc.constant([] as never[]);
  // One kind of change at a time (so each is likely to reach the handler alone), or all of them together.
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    { arbitrary: fc.record({ pick: fc.nat({ max: 1_000 }), drop: none, replace, corrupt: none, extra: none }), weight: 3 },
    { arbitrary: fc.record({ pick: fc.nat({ max: 1_000 }), drop: none, replace: none, corrupt, extra: none }), weight: 2 },
    { arbitrary: fc.record({ pick: fc.nat({ max: 1_000 }), drop, replace: none, corrupt: none, extra: none }), weight: 1 },
    { arbitrary: fc.record({ pick: fc.nat({ max: 1_000 }), drop: none, replace: none, corrupt: none, extra }), weight: 1 },
    { arbitrary: fc.record({ pick: fc.nat({ max: 1_000 }), drop, replace, corrupt, extra }), weight: 2 },
  );
  const mutated = mutation.map(({ pick, drop, replace, corrupt, extra }) => {
    const o = sample(pick);
    const keys = keysOf(pick);
    // A bad character inside an otherwise valid string, so it gets past the length and format checks.
    const slots = stringSlots(o);
    if (slots.length)
      for (const [i, ch, at] of corrupt) {
        const [holder, k] = slots[i % slots.length];
        const text = holder[k] as string;
        const cut = Math.floor(text.length * at);
        holder[k] = text.slice(0, cut) + ch + text.slice(cut);
      }
    if (keys.length) {
      for (const i of drop) delete o[keys[i % keys.length]];
      for (const [i, v] of replace) o[keys[i % keys.length]] = v;
    }
    for (const [k, v] of extra) o[k] = v;
    return o;
  });
  const json = toJson;

  const wellFormed: fc.Arbitrary<BodySpec>[] = [
    mutated.map((o) => ({ what: 'mutated', body: json(o) })),
    fc.nat({ max: 1_000 }).map((pick) => ({ what: 'sample', body: json(sample(pick)) })),
    RANDOM_JSON.map((v) => ({ what: 'random JSON', body: json(v) })),
  ];
  const malformed: fc.Arbitrary<BodySpec>[] = [
    // Broken JSON: a prefix of a body, then something else.
    fc.tuple(mutated, fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(...BROKEN_JSON_TAILS)).map(([o, at, tail]) => {
      const s = json(o);
      return { what: 'broken JSON', body: s.slice(0, Math.floor(s.length * at)) + tail };
    }),
    fc.constantFrom(...LITERAL_BODIES).map((b) => ({ what: 'literal', body: b })),
    // Encodings: invalid UTF-8 inside, a BOM in front, UTF-16 instead of UTF-8, latin1 bytes.
    fc.tuple(mutated, fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(...BAD_BYTES)).map(([o, at, bad]) => {
      const b = utf8(json(o));
      const i = Math.floor(b.length * at);
      return { what: 'invalid UTF-8', body: concat(b.subarray(0, i), bad, b.subarray(i)) };
    }),
    mutated.map((o) => ({ what: 'BOM', body: concat(new Uint8Array([0xef, 0xbb, 0xbf]), utf8(json(o))) })),
    fc.tuple(mutated, fc.boolean()).map(([o, bom]) => ({
      what: 'UTF-16LE',
      body: concat(bom ? new Uint8Array([0xff, 0xfe]) : new Uint8Array(), new Uint8Array(Buffer.from(json(o), 'utf16le'))),
    })),
    mutated.map((o) => ({ what: 'latin1', body: new Uint8Array(Buffer.from(json(o), 'latin1')) })),
    // Nesting: arrays or objects thousands deep, alone or inside a field.
    fc
      .tuple(fc.integer({ min: 20, max: 60_000 }), fc.constantFrom('array', 'object', 'field'), fc.nat({ max: 1_000 }))
      .map(([depth, kind, pick]) => {
        if (kind === 'array') return { what: `nested ${depth}`, body: '['.repeat(depth) + ']'.repeat(depth) };
        const d = Math.min(depth, 12_000);
        const deep = '{"a":'.repeat(d) + '1' + '}'.repeat(d);
        if (kind === 'object') return { what: `nested ${d}`, body: deep };
        const keys = keysOf(pick);
        const key = keys.length ? keys[depth % keys.length] : 'payload';
        return {
          what: `nested ${d} in ${key}`,
          body: `{${keys
            .filter((k) => k !== key)
            .map((k) => `${JSON.stringify(k)}:${json(sample(pick)[k])},`)
            .join('')}${JSON.stringify(key)}:${deep}}`,
        };
      }),
    // Size: near, at and over the 64 KiB limit, and far over it.
    fc
      .tuple(
        fc.constantFrom(BODY_LIMIT - 100, BODY_LIMIT, BODY_LIMIT + 1, 100_000, 1_200_000),
        fc.constantFrom('a', 'я', '\\u0000'),
        fc.nat({ max: 1_000 }),
      )
      .map(([size, ch, pick]) => {
        const keys = keysOf(pick);
        const key = keys.find((k) => typeof sample(pick)[k] === 'string') ?? 'question';
        const head = `{${JSON.stringify(key)}:"`;
        const fill = Math.max(0, size - head.length - 2);
        const bytesPerUnit = Buffer.byteLength(ch);
        return { what: `huge ${size}`, body: head + ch.repeat(Math.floor(fill / bytesPerUnit)) + '"}' };
      }),
    // Not JSON at all.
    mutated.map((o) => ({
      what: 'form',
      body: new URLSearchParams(Object.entries(o).map(([k, v]) => [k, typeof v === 'string' ? v : json(v)])).toString(),
    })),
    fc.constant({
      what: 'multipart',
      body: '------hostile\r\nContent-Disposition: form-data; name="question"\r\n\r\nx\r\n------hostile--\r\n',
    }),
    fc.uint8Array({ maxLength: 200 }).map((b) => ({ what: 'random bytes', body: b })),
  ];
  return fc.oneof(
    { arbitrary: wellFormed[0], weight: 5 },
    { arbitrary: wellFormed[1], weight: 1 },
    { arbitrary: wellFormed[2], weight: 1 },
    { arbitrary: fc.oneof(...malformed), weight: 3 },
  );
}

/** Path parameters: the victims' ids, huge, negative, non-numeric, unicode, broken escapes. */
export function paramArb(ids: () => (number | string)[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.nat({ max: 1_000 }).map((i) => String(pickId(ids, i))), weight: 4 },
    {
      arbitrary: fc.constantFrom(
        '0',
        '-1',
        '1.5',
        '1e3',
        '99999999999999999999',
        String(2 ** 53),
        '9007199254740993',
        '00000000000000001',
        '12345678901234567',
        'abc',
        'null',
        'undefined',
        'NaN',
        '%00',
        '%ZZ',
        '%E0%A4%A',
        '%F0%9F%98%80',
        '%D9%A1%D9%A2',
        '%2e%2e',
        '%2F',
        '%20%31',
        '1%0A2',
        '[object%20Object]',
        'x'.repeat(3_000),
      ),
      weight: 3,
    },
    { arbitrary: fc.integer().map(String), weight: 1 },
    { arbitrary: ESCAPED_PARAM, weight: 1 },
  );
}

const QUERY_KEYS = ['limit', 'offset', 'readingId', 'q', 'id', 'userId', 'user', 'plan', 'to'];

export function queryArb(param: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), ESCAPED_QUERY_KEY), param), { maxLength: 4 })
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));
}
