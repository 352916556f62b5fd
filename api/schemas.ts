// The request schemas more than one route uses, each written once and built from the domain's rules (the
// limits the services enforce), so a route never accepts what its service then refuses with another text.
// Messages are Russian; the validator puts the field's name in front (`question: …`).
import * as z from 'zod';
import { DECKS } from '../domain/tarot/decks';
import { FOLLOW_UP_QUESTION_MAX, FOLLOW_UP_QUESTION_MIN } from '../domain/reading/follow-up';
import { NOTE_MAX } from '../domain/tarot/journal';
import { currentProductId, PLAN_IDS, type PlanId } from '../domain/commerce/catalogue';
import { hasWords, NO_WORDS_ERROR, QUESTION_MAX, QUESTION_MIN } from '../domain/reading/question-input';
import { SPREAD_TYPES, TIERS } from '../domain/types';
import { SPREADS } from '../domain/tarot/spreads';

/** The most cards any spread takes. */
const MAX_SPREAD_CARDS = Math.max(...SPREADS.map((s) => s.cards));

/** A path segment of digits (a database id): the string the client sends, the number the handler gets. */
const numericId = (message: string) =>
  z
    .string()
    .regex(/^\d{1,16}$/, message)
    .transform(Number);

/** `/readings/:id/…` */
export const readingIdParam = z.object({ id: numericId('ожидается числовой id расклада') });
/** `/readings/:id/follow-ups/:fid/…` */
export const followUpIdParam = readingIdParam.extend({ fid: numericId('ожидается числовой id уточнения') });
/** `/pairs/:id/…` */
export const pairIdParam = z.object({ id: numericId('ожидается числовой id пары') });
/** `/user/info/:id` */
export const userIdParam = z.object({ id: numericId('ожидается числовой id') });

const READING_ID = 'ожидается номер расклада';

const readingIdDigits = z
  .string()
  .trim()
  .regex(/^\d{1,16}$/, READING_ID);
const readingIdNumber = z.number({ error: READING_ID }).int(READING_ID).positive(READING_ID).max(Number.MAX_SAFE_INTEGER, READING_ID);

/** A reading's id in a JSON body: a number, or its digits as a string (older clients send either). */
export const readingId = z.union([z.number(), readingIdDigits], { error: READING_ID }).transform(Number).pipe(readingIdNumber);

/** `?readingId=` that may be absent; an empty value, `null` or `undefined` (a client's unset variable) is absent too. */
export const readingIdQuery = z.object({
  readingId: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' || v === 'null' || v === 'undefined' ? undefined : v))
    .pipe(readingIdDigits.transform(Number).pipe(readingIdNumber).optional()),
});

/** A reading's question: trimmed, QUESTION_MIN..QUESTION_MAX characters, in words (domain/reading/question-input.ts says the same). */
export const question = z
  .string({ error: 'введите вопрос' })
  .trim()
  .min(QUESTION_MIN, `вопрос должен содержать не меньше ${QUESTION_MIN} символов`)
  .max(QUESTION_MAX, `вопрос должен содержать не больше ${QUESTION_MAX} символов`)
  .refine(hasWords, NO_WORDS_ERROR);

/** A follow-up («Уточнить»): spaces collapsed, then FOLLOW_UP_QUESTION_MIN..MAX characters. */
export const followUpQuestion = z
  .string({ error: 'введите уточняющий вопрос' })
  .transform((q) => q.replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .min(FOLLOW_UP_QUESTION_MIN, `вопрос должен содержать хотя бы ${FOLLOW_UP_QUESTION_MIN} символа`)
      .max(FOLLOW_UP_QUESTION_MAX, `не больше ${FOLLOW_UP_QUESTION_MAX} символов`),
  );

/** A journal note: trimmed, at most NOTE_MAX characters; empty clears it. */
export const note = z.string({ error: 'ожидается текст заметки' }).trim().max(NOTE_MAX, `не больше ${NOTE_MAX} символов`);

const oneOf = (values: readonly string[]) => `ожидается одно из ${values.join(', ')}`;

/** One of the catalogue's spreads. */
export const spreadType = z.enum(SPREAD_TYPES, {
  error: (issue) => (issue.input === undefined ? 'укажите тип расклада' : oneOf(SPREAD_TYPES)),
});

// Plan ids that carried a price (vip_499…) are accepted for one release: buttons already sent into chats and
// bookmarked links still name them.

/**
 * «Свой расклад»: the cards drawn from a physical deck, in position order. The shape only; which cards and how
 * many the spread takes is checked by the service (domain/tarot/own-deck.ts), with the field named the same way.
 */
export const ownCards = z
  .array(
    z.object(
      {
        id: z.string({ error: 'ожидается id карты' }).max(40, 'неизвестная карта'),
        reversed: z.boolean({ error: 'ожидается true или false' }),
      },
      { error: 'ожидается карта { id, reversed }' },
    ),
    { error: 'ожидается список карт' },
  )
  .max(MAX_SPREAD_CARDS, `не больше ${MAX_SPREAD_CARDS} карт`);

/** A plan as stored on the user (the mock checkout and local sign-in name these). */
export const tier = z.preprocess(currentProductId, z.enum(TIERS, { error: oneOf(TIERS) }));

/** A monthly plan that can be bought. */
export const planId = z.preprocess(currentProductId, z.enum(PLAN_IDS as readonly [PlanId, ...PlanId[]], { error: oneOf(PLAN_IDS) }));

/** A deck's art. */
export const deck = z.enum(DECKS, { error: oneOf(DECKS) });

/** true or false, nothing that merely looks like it. */
export const flag = z.boolean({ error: 'ожидается true или false' });

/**
 * POST /api/voice/transcription: the recording is the raw body (Content-Type audio/…); `duration` is its length
 * in seconds when the client knows it (the service refuses one over a minute).
 */
export const voiceQuestionQuery = z.object({
  duration: z.coerce
    .number({ error: 'ожидается длительность записи в секундах' })
    .min(0, 'длительность не может быть отрицательной')
    .max(3600, 'длительность записи — не больше часа')
    .optional(),
});

/** `/reports/monthly/:month/…`: a local month 'YYYY-MM'. */
export const reportMonthParam = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'ожидается месяц в виде ГГГГ-ММ'),
});
/** `/people/:id` */
export const personIdParam = z.object({ id: numericId('ожидается числовой id человека') });
/** A saved person a reading is asked about (the service checks it is the caller's). */
export const personId = z
  .number({ error: 'ожидается числовой id человека' })
  .int('ожидается числовой id человека')
  .positive('ожидается числовой id человека')
  .max(Number.MAX_SAFE_INTEGER, 'ожидается числовой id человека');

/** `/my-spreads/:id` */
export const customSpreadIdParam = z.object({ id: numericId('ожидается числовой id расклада') });
