// A question that speaks of suicide, self-harm or violence at home gets no cards: a warm word and free help
// lines instead. Recognised on meaning (domain/reading/understanding/: stems, typos repaired, Latin-typed
// Russian, English; concepts with the contexts that cancel them, care-concepts.ts);
// shared by the server (which refuses the reading, the follow-up and the chat call) and the web app (which
// shows the help at once). The help lines live here and only here: an operator corrects them in this file.
// Sources of every number: docs/decisions.md («Crisis questions»).

import {
  CANCEL,
  CONCERN as CONCERN_CONCEPTS,
  BITTER,
  ENGLISH_BITTER,
  ENGLISH_CANCEL,
  ENGLISH_CONCERN,
  ENGLISH_JOKES,
  ENGLISH_SELF_HARM,
  ENGLISH_VIOLENCE,
  ENGLISH_VIOLENT_ACTS,
  FRAMES,
  JEST,
  JOKES,
  LAST_ARRANGEMENTS,
  NOT_A_JOKE,
  SERIOUS_TURN,
  SELF_HARM as SELF_HARM_CONCEPTS,
  VIOLENCE as VIOLENCE_CONCEPTS,
  VIOLENT_ACTS,
} from './understanding/care-concepts';
import { BoundedMap } from '../text/bounded-map';
import { anyOf, countOf } from './understanding/patterns';
import { type Understood, understand } from './understanding/understand';

export type CrisisKind = 'self_harm' | 'violence';

export interface HelpLine {
  /** Who answers, in Russian. */
  name: string;
  /** As shown: «8-800-2000-122». */
  phone: string;
  /** For a tel: link. */
  tel: string;
  /** When and for whom, in Russian. */
  note: string;
}

/** Checked numbers only (a wrong number is worse than none); see docs/decisions.md for each source. */
export const HELP_LINES = {
  emergency: {
    name: 'Экстренные службы',
    phone: '112',
    tel: '112',
    note: 'если жизнь в опасности прямо сейчас; бесплатно, с любого телефона, даже без сим-карты',
  },
  trust: {
    name: 'Телефон доверия (дети, подростки, родители и взрослые)',
    phone: '8-800-2000-122',
    tel: '+78002000122',
    note: 'бесплатно и анонимно, из любого региона; с мобильного также 124',
  },
  women: {
    name: 'Всероссийский телефон доверия для женщин, пострадавших от насилия',
    phone: '8-800-7000-600',
    tel: '+78007000600',
    note: 'бесплатно и круглосуточно',
  },
} as const satisfies Record<string, HelpLine>;

const LINES_FOR: Record<CrisisKind, readonly HelpLine[]> = {
  self_harm: [HELP_LINES.trust, HELP_LINES.emergency],
  violence: [HELP_LINES.emergency, HELP_LINES.women, HELP_LINES.trust],
};

const MESSAGES: Record<CrisisKind, string> = {
  self_harm:
    'Похоже, вам сейчас очень тяжело, и хорошо, что вы об этом написали. Такой вопрос важнее любого расклада, поэтому карты я раскладывать не буду: сейчас нужна живая поддержка, а не предсказание. Вы не одни — позвоните на бесплатную линию ниже или напишите тому, кому доверяете. Там выслушают, анонимно и без осуждения.',
  violence:
    'То, что вы описываете, — не ваша вина, и справляться с этим в одиночку не нужно. Когда дома опасно, важнее всего ваша безопасность, а не карты, поэтому расклада сейчас не будет. Если угрожают прямо сейчас — звоните 112. На линиях ниже помогут бесплатно: выслушают и подскажут, как защитить себя и детей и куда обратиться.',
};

/** The offer to come back: nothing was dealt and nothing was charged. */
export const CRISIS_RETURN =
  'Когда станет полегче, возвращайтесь к картам — они подождут. Этот расклад не сделан и не списан с вашего лимита.';

export interface CrisisAnswer {
  kind: CrisisKind;
  message: string;
  lines: HelpLine[];
  returnLater: string;
}

export function crisisAnswer(kind: CrisisKind): CrisisAnswer {
  return { kind, message: MESSAGES[kind], lines: [...LINES_FOR[kind]], returnLater: CRISIS_RETURN };
}

/** English words left in the understood text (Latin-typed Russian is Cyrillic by then). */
const LATIN = /[a-z]/;

/** Laughter and winks in the text as typed: «)))», «😂». */
const JOKING = /\){2,}|😂|🤣|😅|🙈|🙃|😩|😎|🫠|😆|😁|😜|🤪|😵|🥹|😄|😃|😀|🤭|😹/u;

/** A card, a film, a book, a game or a dream anywhere in the text: the whole story is told inside it. */
const framed = (u: Understood) => anyOf(FRAMES, u.stems) || (LATIN.test(u.text) && ENGLISH_CANCEL.test(u.text));

/** A joke, hyperbole, a card's name, a film or a game in these words, and nothing saying it is meant. */
function cancelledHere(text: string, u: Understood): boolean {
  const latin = LATIN.test(u.text);
  const context = framed(u) || anyOf(CANCEL, u.stems);
  const joke = anyOf(JOKES, u.stems) || (latin && ENGLISH_JOKES.test(u.text)) || JOKING.test(text);
  // «кто-нибудь заметит?))»: a laugh beside the question of one's absence masks it.
  const bitter = joke && (anyOf(BITTER, u.stems) || (latin && ENGLISH_BITTER.test(u.text)));
  return (context || (joke && !bitter)) && !(anyOf(NOT_A_JOKE, u.stems) && !anyOf(SERIOUS_TURN, u.stems));
}

/** A text's sentences as typed (a story without punctuation is one). */
const sentences = (text: string) =>
  text
    .split(/[.!?…\n]+/u)
    .map((s) => s.trim())
    .filter((s) => /\p{L}/u.test(s));

/**
 * Whether a cancelling context takes back what `holds` finds. A frame (a card, a film, a dream) anywhere does;
 * a joke or an idiom reaches only its own sentence and its neighbours: in a long story a laugh about the
 * morning does not take back «думаю, как бы всё закончить» three sentences on. So the words stand when one
 * sentence holds them and its neighbourhood (the sentence before, itself, the one after) is not cancelled.
 */
function cancelled(text: string, u: Understood, holds?: (u: Understood) => boolean): boolean {
  if (!cancelledHere(text, u)) return false;
  if (!holds || framed(u)) return true;
  const parts = sentences(text);
  if (parts.length < 3) return true;
  for (let i = 0; i < parts.length; i++) {
    if (!holds(understand(parts[i]))) continue;
    const near = parts.slice(Math.max(0, i - 1), i + 2).join('. ');
    if (!cancelledHere(near, understand(near))) return false;
  }
  return true;
}

/** A joke, hyperbole, a card's name, a film or a game in the text (the learned layer alone does not refuse then). */
export function figurative(text: string): boolean {
  const u = understand(text);
  return cancelled(text, u) || anyOf(JEST, u.stems);
}

/** A card, a film or a game: a concrete act of violence in a joke's words is still one. */
const fiction = (u: Understood) => framed(u) || anyOf(CANCEL, u.stems);

/** The last texts judged: a question is judged by the model, the care tier and the entry point in turn. */
const judged = new BoundedMap<string, CrisisKind | null>(64);

/** Whether the text speaks of a crisis, and which. Self-harm first: its lines are the most urgent. */
export function detectCrisis(text: string): CrisisKind | null {
  const known = judged.get(text);
  if (known !== undefined) return known;
  const kind = crisisOf(text);
  judged.set(text, kind);
  return kind;
}

/** The self-harm the words name, before any context. */
const selfHarmIn = (u: Understood) =>
  anyOf(SELF_HARM_CONCEPTS, u.stems) || countOf(LAST_ARRANGEMENTS, u.stems) >= 2 || (LATIN.test(u.text) && ENGLISH_SELF_HARM.test(u.text));
/** The violence the words name, before any context. */
const violenceIn = (u: Understood) => anyOf(VIOLENCE_CONCEPTS, u.stems) || (LATIN.test(u.text) && ENGLISH_VIOLENCE.test(u.text));

function crisisOf(text: string): CrisisKind | null {
  const u = understand(text);
  const selfHarm = selfHarmIn(u);
  const violence = violenceIn(u);
  if (!selfHarm && !violence) return null;
  if (selfHarm && !cancelled(text, u, selfHarmIn)) return 'self_harm';
  if (!violence) return null;
  const cancel = cancelled(text, u, violenceIn);
  if (!cancel && !anyOf(JEST, u.stems)) return 'violence';
  const act = anyOf(VIOLENT_ACTS, u.stems) || (LATIN.test(u.text) && ENGLISH_VIOLENT_ACTS.test(u.text));
  return act && !fiction(u) ? 'violence' : null;
}

/** The three care tiers: crisis (no cards, help lines), concern (a reading that opens with care), none. */
export type CareTier = 'crisis' | 'concern' | 'none';

export interface Care {
  tier: CareTier;
  /** Set exactly when the tier is crisis. */
  crisis: CrisisKind | null;
}

const concerned = new BoundedMap<string, boolean>(64);

/** Despair without intent («всё бессмысленно», «нет сил ни на что»): the reading is given, opening with care. */
export function detectConcern(text: string): boolean {
  let concern = concerned.get(text);
  if (concern === undefined) {
    concern = concernOf(text);
    concerned.set(text, concern);
  }
  return concern;
}

/** Despair the words name, before any context. */
const concernIn = (u: Understood) => anyOf(CONCERN_CONCEPTS, u.stems) || (LATIN.test(u.text) && ENGLISH_CONCERN.test(u.text));

function concernOf(text: string): boolean {
  const u = understand(text);
  return concernIn(u) && !cancelled(text, u, concernIn);
}

/** The care tier of a text: a crisis wins over concern. */
export function assessCare(text: string): Care {
  const crisis = detectCrisis(text);
  if (crisis) return { tier: 'crisis', crisis };
  return { tier: detectConcern(text) ? 'concern' : 'none', crisis: null };
}
