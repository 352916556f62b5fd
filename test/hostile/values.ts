// Hostile values for the hostile-input test: strings, numbers and shapes that break naive handlers, field
// names, content types, bad bytes and broken JSON. fast-check arbitraries; the request's ids come from the caller.
import fc from 'fast-check';
import { VIP } from './constants';

/** Any string as the bytes an HTTP client sends in a header (UTF-8 read as latin1, no CR/LF/NUL). */
export const asHeaderBytes = (s: string) =>
  Buffer.from(s, 'utf8')
    .toString('latin1')
    .replace(/[\r\n\0]/g, '');

export const utf8 = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));

export const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

/** A value nested `depth` levels deep, written into the JSON text by toJson (building it would overflow here). */
const DEEP = '__hostile_deep__';
const deepValue = (depth: number, kind: 'array' | 'object') => ({ [DEEP]: depth, kind });

const DEEP_JSON = new RegExp(`\\{"${DEEP}":(\\d+),"kind":"(array|object)"\\}`, 'g');

/** JSON text of a body, with every deepValue expanded. */
export function toJson(v: unknown): string {
  const text = JSON.stringify(v) ?? 'null';
  // Most bodies hold none (a plain search is cheaper than the pattern over a large body).
  if (!text.includes(DEEP)) return text;
  return text.replace(DEEP_JSON, (_, d: string, kind: string) =>
    kind === 'array' ? '['.repeat(Number(d)) + ']'.repeat(Number(d)) : '{"a":'.repeat(Number(d)) + '1' + '}'.repeat(Number(d)),
  );
}

/**
 * Strings of any code points, lone surrogates included: what fast-check's `unit: 'binary'` draws, without its
 * set-up (it maps every one of the 1.1 million code points back to its index, most of a CPU-second).
 */
const ANY_CHAR = fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c));
export const anyString = (maxLength: number) => fc.string({ unit: ANY_CHAR, maxLength });

// Built once: constructing a string arbitrary tokenizes fast-check's dangerous strings against its unit, once
// per route otherwise. The same holds for every arbitrary that builds strings (jsonValue does): they are built
// once, here and in bodies.ts, not once per route.
const BINARY_STRING = anyString(40);
const GRAPHEME_STRING = fc.string({ unit: 'grapheme', maxLength: 40 });
const JSON_VALUE = fc.jsonValue({ maxDepth: 3 });

/** The `i`-th of the ids (read afresh: the attacker's readings grow during the run), the list built once. */
export const pickId = (ids: () => (number | string)[], i: number) => {
  const all = ids();
  return all[i % all.length];
};

/** Strings, numbers and shapes that break naive handlers. */
export function hostileValue(ids: () => (number | string)[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    // Other users' ids (and the attacker's own): victims, their readings, payments and orders.
    fc.nat({ max: 1_000 }).map((i) => pickId(ids, i)),
    fc.constantFrom<unknown>(
      0,
      -1,
      -0,
      1.5,
      2 ** 53,
      2 ** 63,
      1e308,
      -1e308,
      '9223372036854775808',
      '99999999999999999999',
      'NaN',
      'Infinity',
      '1e400',
      '0x10',
      ' 12 ',
      '١٢٣',
      '',
      ' ',
      true,
      false,
      null,
      [],
      {},
      [null],
      { id: VIP },
    ),
    // Strings: control characters, lone surrogates, injections, over-long, and the app's own vocabulary.
    fc.oneof(
      fc.constantFrom(
        '\u0000',
        'a\u0000b',
        '\ud800',
        'x\udc00',
        '__proto__',
        'constructor',
        '<script>alert(1)</script>',
        "' or 1=1 --",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection attempt, kept literal on purpose.
        '${7*7}',
        '../../../etc/passwd',
        'я'.repeat(501),
        'Ж'.repeat(5_000),
        'free_daily',
        'celtic_cross',
        'vip',
        'basic',
        'week',
        'week',
        'micro',
        'trial',
        'mock',
        'stars',
        'yookassa',
        'Europe/Moscow',
        'Mars/Olympus',
        '1990-02-30',
        '25:61',
        '2999-01-01',
      ),
      BINARY_STRING,
      GRAPHEME_STRING,
    ),
    fc.oneof(fc.integer(), fc.double()),
    JSON_VALUE,
    // Nesting thousands of levels deep (expanded by toJson; still under the body limit).
    { arbitrary: fc.constantFrom(100, 30_000).map((d) => deepValue(d, 'array')), weight: 1 },
    { arbitrary: fc.constantFrom(100, 10_000).map((d) => deepValue(d, 'object')), weight: 1 },
  );
}

/** Field names of every route, so each route also gets the others' fields (and the dangerous ones). */
export const FIELD_NAMES = [
  'spreadType',
  'question',
  'readingId',
  'redraw',
  'subscriptionType',
  'timeZone',
  'notifyDaily',
  'title',
  'cards',
  'interpretation',
  'description',
  'product',
  'mode',
  'type',
  'userId',
  'user_id',
  'id',
  'planId',
  'autopayConsent',
  'amount',
  'currency',
  'trialDays',
  'paymentId',
  'orderId',
  'event',
  'payload',
  'date',
  'time',
  'city',
  'cityId',
  'latitude',
  'longitude',
  'messages',
  'cardName',
  'cardMeaning',
  'context',
  'dailyPlans',
  'returnUrl',
  'provider',
  'object',
  'status',
  'paid',
  'metadata',
  'subscriptionExpires',
  'totalSpreadsUsed',
  'isAdmin',
  '__proto__',
  'constructor',
];

export const CONTENT_TYPES: fc.Arbitrary<string | null> = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 8 },
  {
    arbitrary: fc.constantFrom<string | null>(
      null,
      'application/json; charset=utf-8',
      'application/json; charset=utf-16',
      'application/json;charset=latin1',
      'APPLICATION/JSON',
      'application/vnd.api+json',
      'application/json, text/plain',
      'text/plain',
      'text/html; charset=utf-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=----hostile',
      'application/octet-stream',
      '',
      ';;;',
      'application/json; boundary="',
    ),
    weight: 3,
  },
  { arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 30 }), weight: 1 },
);

/** Invalid or surprising byte sequences for an otherwise JSON body. */
export const BAD_BYTES = [
  [0xff],
  [0xfe, 0xff],
  [0xc0, 0xaf], // overlong '/'
  [0xed, 0xa0, 0x80], // a UTF-16 surrogate in UTF-8
  [0x80],
  [0xf4, 0x90, 0x80, 0x80], // above U+10FFFF
  [0xe2, 0x82], // truncated
  [0x00],
].map((b) => new Uint8Array(b));

export const BROKEN_JSON_TAILS = ['', '}', ']', ',', '"', '\\', '{', ',}', 'garbage', '\u0000', '/* */', '\n\n--'];

export const LITERAL_BODIES = [
  '',
  ' ',
  'null',
  'true',
  '0',
  '-1',
  '"x"',
  '[]',
  '[{}]',
  '{',
  '}',
  '{}',
  '{"a":1,"a":2}',
  "{'question':'x'}",
  '{"question":NaN}',
  '{"readingId":1e999999}',
  '{"readingId":-0}',
  '{"readingId":00001}',
  '{"__proto__":{"isAdmin":true,"subscriptionType":"vip"}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '/* comment */ {}',
  '{"question":"\\ud800\\udc00\\ud800"}',
  '{"question":"\\u0000"}',
  '\ufeff{}',
  '{"question": "x"} {"question": "y"}',
];

/** Characters a database or a naive handler chokes on: NUL, lone surrogates, controls, direction marks. */
export const BAD_CHARS = ['\u0000', '\u0000', '\ud800', '\udc00', '\u0001', '\u001b', '\u007f', '\u202e', '\ufeff', '\u2028', '\uffff'];
