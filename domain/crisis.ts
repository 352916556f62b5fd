// A question that speaks of suicide, self-harm or violence at home gets no cards: a warm word and free help
// lines instead. Recognised on meaning (domain/reading/understanding/: stems, typos repaired, Latin-typed
// Russian, English; concepts with the contexts that cancel them) and on the phrasings below;
// shared by the server (which refuses the reading, the follow-up and the chat call) and the web app (which
// shows the help at once). The help lines live here and only here: an operator corrects them in this file.
// Sources of every number: docs/decisions.md («Crisis questions»).

import {
  CANCEL,
  CONCERN as CONCERN_CONCEPTS,
  ENGLISH_CANCEL,
  ENGLISH_CONCERN,
  ENGLISH_SELF_HARM,
  ENGLISH_VIOLENCE,
  JEST,
  JOKES,
  NOT_A_JOKE,
  SELF_HARM as SELF_HARM_CONCEPTS,
  VIOLENCE as VIOLENCE_CONCEPTS,
  VIOLENT_ACTS,
} from './reading/understanding/care-concepts';
import { BoundedMap } from './bounded-map';
import { anyOf } from './reading/understanding/patterns';
import { type Understood, understand } from './reading/understanding/understand';

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

/**
 * The written phrasings' form of an understood text (lower case, «е» for «ё», one space between words):
 * doubled letters folded («поконччить», «жииить»), so the patterns below must not rely on a double letter.
 */
function crisisForm(understood: string): string {
  let folded = '';
  for (let i = 0; i < understood.length; i++) if (understood[i] !== understood[i - 1] || understood[i] === ' ') folded += understood[i];
  return folded;
}

/** «жить» not followed by where or with whom («не хочу жить с родителями» is about a flat, not a crisis). */
const LIVE = String.raw`жить(?! (?:с|со|в|во|у|на|вместе|рядом|отдельно|там|здесь|тут|за|под|по|одн\p{L}*|как раньше|так как) )`;

/** Thoughts of suicide or self-harm, the user's own or someone else's. */
const SELF_HARM: readonly RegExp[] = [
  /су[иеы][цс][иы]д|суисид|самоуби/u,
  /поконч\p{L}* (?:с )?(?:собой|с жизнью|жизнь)|поконч\p{L}* с ?собой/u,
  /свес\p{L}* сч[еи]т\p{L}* с жизн|налож\p{L}* на себя руки|(?:уйти|уйду|хочу уйти) из жизни|(?:закончить|оборвать) (?:свою )?жизнь/u,
  /\bуб(?:ить|ью|ей|ивать) себя|\bубиться/u,
  new RegExp(
    String.raw`не ?хоч\p{L}* (?:больше |дальше |вообще |совсем |уже )?${LIVE}|\bжить (?:больше |совсем |вообще )?не ?хоч\p{L}*(?! (?:с|со|в|во|у|на|вместе) )`,
    'u',
  ),
  /(?<!не ?)хоч\p{L}* (?:бы )?(?:умереть|умиреть|умерть|сдохнуть|сдохнут|не проснуться|не просыпаться|исчезнуть навсегда)/u,
  /лучше (?:бы )?(?:я )?(?:умер|умерла|умереть|сдохн|не родил|меня не было)/u,
  new RegExp(
    String.raw`(?:зачем|незачем) (?:мне )?(?:дальше |вообще |так )?${LIVE}|${LIVE} незачем|нет смысла (?:дальше )?${LIVE}|смысла ${LIVE}|не вижу смысла (?:в )?жизн|устал\p{L}* ${LIVE}|нет сил ${LIVE}`,
    'u',
  ),
  /(?:вскр|реза|порез|перерез)\p{L}* (?:себе )?вен|реж(?:у|ет|ут) (?:себе )?(?:руки|себя|вены|запяст)|резать себя|порез\p{L}* на (?:руках|запяст|бедрах)|сел[фь]? ?харм|self ?harm|причин\p{L}* себе (?:боль|вред)/u,
  /наглот\p{L}* таблет|выпить (?:все |много )?таблет\p{L}* (?:чтобы|и не)|(?:прыгн|спрыгн)\p{L}* (?:с крыши|с моста|из окна|под поезд)|брос\p{L}*ся (?:под поезд|под машин|с крыши|с моста|из окна)|выйти в окно|шагнуть (?:из|в) окн/u,
  /выпил(?:иться|юсь|илась|ился)|роскомнадзорн|повес(?:иться|ится|илась|ился|юсь)|повешусь|застрел(?:иться|юсь)|утоп(?:иться|люсь)/u,
  /\bkil+ my ?self|suicid|(?:want|wana) to die|wana die|end my life|(?:don ?t|do not) want to live|hurt(?:ing)? my ?self|cut(?:ting)? my ?self/u,
];

const WHO = String.raw`(?:муж|парень|отец|папа|отчим|сожитель|брат|сын|жена|мать|мама|он|она|бывший)`;
const WHOM = String.raw`(?:меня|нас|детей|ребен\p{L}*|сына|дочь|дочку|маму|мать|жену)`;
const HITS = String.raw`(?:бьет|бил|избива\p{L}*|избил\p{L}*|колотит|лупит|душит|душил|насилует)(?= )`;

/** Violence at home, against the user or the children. */
const VIOLENCE: readonly RegExp[] = [
  new RegExp(
    String.raw`\b(?:${HITS}|ударил\p{L}*) ${WHOM}|\b${WHOM} ${HITS}|\b${WHO} (?:меня |нас )?${HITS}|меня (?:постоянно |опять |снова )?(?:бьют|избивают|бьет|бил|избил)`,
    'u',
  ),
  /поднима\p{L}* (?:на (?:меня|нас|детей|ребенка) )?руку|подня\p{L}* на (?:меня|нас|детей|ребенка) руку/u,
  /побои|избиени|синяк\p{L}* от (?:мужа|него|парня|отца|отчима)|домашн\p{L}* насил|насили\p{L}* в семье|изнасил|насилу(?:ет|ют)/u,
  /(?:угрожа|грози)\p{L}* (?:меня |мне |нас )?(?:убить|зарезать|прибить)|боюсь (?:идти|возвращаться|прийти) домой|боюсь за свою жизнь/u,
  /(?:beats|hits|chokes) me|domestic (?:violence|abuse)|(?:he|she) hurts me|\braped/u,
];

/** JavaScript's \b knows only Latin letters: the patterns are applied to the padded form, so a space will do. */
const bounded = (re: RegExp) => new RegExp(re.source.replace(/\\b/g, '(?<=[\\s])'), re.flags);
const SELF_HARM_RE = SELF_HARM.map(bounded);
const VIOLENCE_RE = VIOLENCE.map(bounded);

/** Laughter and winks in the text as typed: «)))», «😂». */
const JOKING = /\){2,}|😂|🤣|😅|🙈|🙃|😩|😎|🫠|😆|😁|😜|🤪|😵|🥹/u;

/** A joke, hyperbole, a card's name, a film or a game near the words, and nothing saying it is meant. */
function cancelled(text: string, u: Understood): boolean {
  const cancel = anyOf(CANCEL, u.stems) || anyOf(JOKES, u.stems) || ENGLISH_CANCEL.test(u.text) || JOKING.test(text);
  return cancel && !anyOf(NOT_A_JOKE, u.stems);
}

/** A card, a film or a game: a concrete act of violence in a joke's words is still one. */
const fiction = (u: Understood) => anyOf(CANCEL, u.stems);

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

/** The written phrasings' form of an understood text, made once for the crisis and the concern checks. */
const forms = new WeakMap<Understood, string>();
function formOf(u: Understood): string {
  let t = forms.get(u);
  if (t === undefined) {
    t = crisisForm(u.text);
    forms.set(u, t);
  }
  return t;
}

function crisisOf(text: string): CrisisKind | null {
  const u = understand(text);
  const t = formOf(u);
  const selfHarm = SELF_HARM_RE.some((re) => re.test(t)) || anyOf(SELF_HARM_CONCEPTS, u.stems) || ENGLISH_SELF_HARM.test(u.text);
  const violence = VIOLENCE_RE.some((re) => re.test(t)) || anyOf(VIOLENCE_CONCEPTS, u.stems) || ENGLISH_VIOLENCE.test(u.text);
  if (!selfHarm && !violence) return null;
  const cancel = cancelled(text, u);
  if (selfHarm && !cancel) return 'self_harm';
  if (!violence) return null;
  if (!cancel && !anyOf(JEST, u.stems)) return 'violence';
  return anyOf(VIOLENT_ACTS, u.stems) && !fiction(u) ? 'violence' : null;
}

/** The three care tiers: crisis (no cards, help lines), concern (a reading that opens with care), none. */
export type CareTier = 'crisis' | 'concern' | 'none';

export interface Care {
  tier: CareTier;
  /** Set exactly when the tier is crisis. */
  crisis: CrisisKind | null;
}

/** Despair without intent («всё бессмысленно», «нет сил ни на что»): the reading is given, opening with care. */
const CONCERN: readonly RegExp[] = [
  /вс[её] бес+мыслен|нет сил ни на что|за что мне вс[её] это|никому не нуж?н|ничего не радует|опустились руки/u,
];

const concerned = new BoundedMap<string, boolean>(64);

export function detectConcern(text: string): boolean {
  let concern = concerned.get(text);
  if (concern === undefined) {
    concern = concernOf(text);
    concerned.set(text, concern);
  }
  return concern;
}

function concernOf(text: string): boolean {
  const u = understand(text);
  const t = formOf(u);
  const concern = CONCERN.some((re) => re.test(t)) || anyOf(CONCERN_CONCEPTS, u.stems) || ENGLISH_CONCERN.test(u.text);
  return concern && !cancelled(text, u);
}

/** The care tier of a text: a crisis wins over concern. */
export function assessCare(text: string): Care {
  const crisis = detectCrisis(text);
  if (crisis) return { tier: 'crisis', crisis };
  return { tier: detectConcern(text) ? 'concern' : 'none', crisis: null };
}
