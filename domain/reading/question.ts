// The question model: what a question asks (its kind, and for an either/or both options in the user's own
// words), what it is about (its topic), whether it hopes for the event or fears it, whether its theme is
// sensitive (health, pregnancy, children's health, death, court, large money) and whether it speaks of a
// crisis (no reading at all). Rules plus word lists with stems (question-words.ts), forgiving of typos and
// missing punctuation. Precedence: crisis, then sensitive, then polarity. Used by the card-based
// interpreter, the AI prompt, the follow-ups and the chat call; docs/decisions.md says what it recognises.
import { BoundedMap } from '../text/bounded-map';
import type { CrisisKind } from './crisis';
import { getSpread } from '../tarot/spreads';
import { type Area, areaOf } from './understanding/areas';
import {
  DREAD_SHAPE,
  ENGLISH_FEARED,
  ENGLISH_HOPED,
  FEARED_CONCEPTS,
  FEARED_IN_ASK,
  HOPED_CONCEPTS,
  QUIT,
  WISHED,
  TIMING_CONCEPTS,
  YESNO_CONCEPTS,
} from './understanding/ask-concepts';
import { anyOf } from './understanding/patterns';
import { type About, askerGender, type Gender, personOf } from './understanding/people';
import { themeCancelled, themeOf } from './understanding/themes';
import { understand } from './understanding/understand';
import { learnedArea } from './understanding/care-model-area';
import { learnedTheme, serverCare } from './understanding/server-care';
import { FEAR_WORDS, FEARED, OTHER_PERSON, PROFESSIONAL, ru, SENSITIVE_WORDS, type Professional, type Sensitive } from './question-words';
import type { Topic } from '../types';

export type { Professional, Sensitive } from './question-words';
export type { Topic } from '../types';
export type { Area } from './understanding/areas';
export type { About, Gender } from './understanding/people';

/** yes/no; an either/or; «когда»; an open «что/как/почему»; too vague to read a question from. */
export type Kind = 'yesno' | 'choice' | 'timing' | 'open' | 'vague';
/** For an open question, what it asks: how to act, why, what lies ahead, what another person feels. */
export type Ask = 'how' | 'why' | 'what' | 'feel';
export type Polarity = 'hoped' | 'feared' | 'neutral';

export interface QuestionFacts {
  /** The reading's topic (its seven, see topicOf). */
  topic: Topic;
  /** The part of life asked about, finer than the topic: study and friendship are their own. */
  area: Area;
  kind: Kind;
  /** An either/or's two options, as the user wrote them. */
  options: [string, string] | null;
  /** An open question's ask (null for the other kinds). */
  ask: Ask | null;
  /** Whether the event asked about is hoped for or feared (neutral for open and timing questions). */
  polarity: Polarity;
  /** The question is about another person (their feelings, intentions, actions). */
  aboutOther: boolean;
  /** Whom it is mainly about: the asker, another person, or the two of them. */
  about: About;
  /** The other person's gender when the text shows it (a name such as «Лена», «муж», «она»), else null. */
  gender: Gender | null;
  sensitive: Sensitive | null;
  /** Whom to see for a sensitive theme. */
  professional: Professional | null;
  crisis: CrisisKind | null;
  /** Despair without intent: the reading opens with one caring line and the help line (false with a crisis). */
  concern: boolean;
}

/** Lower case, ё as е, one space between words, padded so that a boundary at either end holds. */
const normalise = (s: string) => ` ${s.toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim()} `;

/** Words that carry no question: «ну вот», «погадай», «просто так»… */
const FILLER = ru(
  /\b((?:не знаю|незнаю|хз|не понимаю) (?:что|о чем|про что) (?:спросить|спрашивать)|что спросить|можно|mozhno|rasklad|gadanie|чё|че|там|давай|раскинь|раскидывай|раскладывай|тяни|тяните|карту|погадайте|нибудь|shuffle|the|cards|card|what'?s|up|please|эээ|ааа|ну-ка|спросить|ну|вот|так|просто|а|и|да|нет|хм|эм|ммм?|ой|ох|ах|ладно|короче|типа|блин|это|все|всё|что-нибудь|что-то|скажи|скажите|расскажи|расскажите|погадай|погадайте|гадание|расклад|карты|таро|вопрос|тест|проверка|привет|здравствуйте|пожалуйста|пж|плиз|спасибо|хз|не знаю|незнаю|test|hello|hi|ok|ок|общий|общее|любой|какой-нибудь|мне|меня|на меня|что-нибудь|чего-нибудь|что нибудь|чего нибудь|чего|девочки|карта дня|карту дня|на день|на неделю|на месяц|что там|чё там|удиви|умеешь|умеете|гадать|вытяни|вытяните|тяните|раскидывай|первый раз|тут|здесь|доброе утро|добрый день|добрый вечер|хорошее|ты|вы|вообще|уже|pls|there|idk|what to ask|reading|tarot|pogadaj|pogadajte|privet|skazhi|chto|tam|nu|horoshee|nibud)\b/gu,
);

function isVague(q: string): boolean {
  const rest = q
    .replace(FILLER, ' ')
    // A sound held down: «ааааа», «ммммм», «хммм».
    .replace(/(?<!\p{L})\p{L}?(\p{L})\1{2,}(?!\p{L})/gu, ' ')
    .replace(/[^\p{L}]+/gu, ' ')
    .trim();
  if (rest.length < 3) return true;
  // Keyboard mashing: no vowel at all in what is left.
  return !/[аеиоуыэюяaeiouy]/u.test(rest);
}

const TIMING = ru(
  /(\bкогда\b|\bскоро ли\b|\bкак скоро\b|через сколько|сколько (еще |мне )?(ждать|времени|месяцев|лет)|в каком (месяце|году)|к какому (времени|сроку|месяцу)|как долго (ждать|еще)|в какие сроки|\bwhen\b|how soon|how long)/u,
);
const WH = ru(
  /\b(что|чего|чему|чем|как|каким|какой|какая|какое|какие|каких|какую|каком|каков|почему|зачем|отчего|где|куда|откуда|кто|кого|кому|кем|сколько|what|how|why|who|where)\b/u,
);
const YESNO_START = ru(
  /^\s*(ну вот,? |ну,? |скажите,? |подскажите,? |карты,? )?(будет|будут|получится|получу|получит|вернется|вернет|есть|смогу|сможем|сможет|стоит|удастся|сбудется|любит|выйду|выйдет|найду|поженимся|позвонит|напишет|изменяет|изменит|уволят|уволит|бросит|беременна|возьмут|примут|поступлю|сдам|выиграю|выиграем|правда|нужно|надо|можно|должна|должен|ждет|ждать|ревнует|скучает|думает|хочет|помиримся|сойдемся|встречу|will|is|are|does|do|should|can|could|would|am)\b/u,
);

/** «как поступить / как быть / что делать» ask for advice; «почему / зачем» for causes; feelings of another. */
const ASK_FEEL = ru(/(чувству|думает|думают|относит|испытыва|скуча|вспомина|любит|хочет|намерен|на уме|нрав)/u);
const ASK_WHY = ru(/\b(почему|зачем|отчего|из-за чего|в чем причина|за что|что мешает|что стоит на пути|why)\b/u);
const ASK_HOW = ru(
  /\b(как|каким образом|что (мне )?(делать|сделать|предпринять)|что (мне )?нужно|что поможет|как быть|совет\p{L}*|how)\b/u,
);
const HOW_IT_GOES = ru(/\bкак (будет|сложится|сложатся|пройдет|закончится)\b/u);
function askOf(q: string, aboutOther: boolean): Ask {
  if (aboutOther && ASK_FEEL.test(q)) return 'feel';
  if (ASK_WHY.test(q)) return 'why';
  if (ASK_HOW.test(q) && !HOW_IT_GOES.test(q)) return 'how';
  return 'what';
}

const INFINITIVE = /\p{L}{2,}(ть|ти|ться|тись)$/u;
const PREPOSITIONS = new Set([
  'в',
  'во',
  'на',
  'за',
  'к',
  'ко',
  'с',
  'со',
  'у',
  'от',
  'до',
  'по',
  'из',
  'при',
  'для',
  'без',
  'под',
  'над',
  'о',
  'об',
  'про',
  'через',
]);
/** What may open the sentence before the first option: «что мне лучше выбрать:», «стоит ли мне», «ну вот»… */
const LEAD = ru(
  /^(ну вот|ну|вот|скажите|подскажите|карты|таро|помогите|помогите решить|как быть|как поступить|что (мне )?(лучше )?(выбрать|предпочесть|делать|сделать)?|кого (мне )?(лучше )?выбрать|какой (вариант )?(лучше )?выбрать|какую|какое|каким|стоит ли (мне )?|лучше (мне )?|мне|я|мне лучше|выбрать|выбор|либо|should i|shall i|do i|is it better to|what is better)[\s,:—–-]+/u,
);

const OR = ru(/\b(или|либо|or)\b/u);
const BETWEEN_AND = ru(/\bмежду\b.+\bи\b/u);
/** A second option that only negates or restarts the question: «…или нет», «…или не стоит». */
const NOT_AN_OPTION = ru(
  /^(нет|не|не стоит|не надо|не нужно|наоборот|как|что|опять|снова|(всё|все)$|так и|придется|придётся|мимо|(он |она |я )(просто|just)|no|not|мне (просто |только )?(кажется|показалось|чудится)|(я )?(просто )?(накручиваю|придумываю|преувеличиваю|параною)|показалось|кажется|i('m| am) (just )?(imagining|overthinking|paranoid)|it'?s (just )?me)\b/u,
);
/**
 * A second «option» that only says the first is not so: I imagine it, it passes, he does not care («…или мне
 * кажеться», «…или я накручиваю себя», «…или пронесёт», «…или ему пофиг», «or am I just making it up»). Such a
 * question is a yes/no about the first. («…или просто остыл» is not one: writers read it as a real choice.)
 */
const MERELY_NOT = ru(
  /^(?:(?:это|он|она|мне|ему|ей|я|все|всё|в этот раз|просто|только|лишь|наверное|себе) ){0,3}(?:пронес\S*|пронёс\S*|пофиг|плевать|всё равно|все равно|как (?:обычно|всегда)|каж\S*|накр\S*|надум\S*|выдум\S*|придум\S*)|^(?:am i|i'?m) (?:just )?(?:making it up|imagining|overthinking)/u,
);
const YESNO_WORD = ru(/\b(ли|будет|будут|есть|should|will|is|do)\b/u);
const LI = ru(/\bли\b/u);

/** The two options of an either/or, as written; null when it is not one («…или нет?» is a yes/no). */
export function optionsOf(question: string): [string, string] | null {
  const text = question.replace(/\s+/g, ' ').trim();
  // The sentence that holds the choice.
  const sentence = text.split(/(?<=[.!?])\s+/).find((s) => OR.test(s.toLowerCase()) || BETWEEN_AND.test(s.toLowerCase()));
  if (!sentence) return null;
  const s = sentence.replace(/[?!.…]+$/u, '').trim();
  const between = /(?:^|[\s,:])между\s+(.+?)\s+и\s+(.+)$/iu.exec(s);
  let left: string;
  let right: string;
  const m = /^(.*?)[\s,]+(?:или|либо|or)\s+(.+)$/iu.exec(s);
  if (m) {
    left = m[1];
    right = m[2].split(/\s*[,;:]\s*|\s+(?:или|либо)\s+/iu)[0];
  } else if (between) {
    left = between[1];
    right = between[2];
  } else return null;
  right = right.replace(/[«»"“”]/g, '').trim();
  if (!right || NOT_AN_OPTION.test(right.toLowerCase()) || MERELY_NOT.test(right.toLowerCase())) return null;
  // The first option starts after the last colon, comma or dash, and after the words that open the question.
  left = left
    .split(/[:;—–]|,\s|\s-\s/u)
    .pop()!
    .replace(/[«»"“”]/g, '')
    .trim();
  left = left.replace(/^либо\s+/iu, '');
  for (let i = 0; i < 4; i++) left = left.replace(LEAD, '');
  const leftWords = left.split(' ').filter(Boolean);
  const rightWords = right.split(' ').filter(Boolean);
  if (!leftWords.length || !rightWords.length) return null;
  const first = rightWords[0].toLowerCase();
  // «переехать к нему или подождать»: the first option starts at its own verb; «за Сергея или за Андрея»,
  // «в отпуск на море или в горы»: at the last preposition.
  const verb = INFINITIVE.test(first) ? leftWords.findLastIndex((w) => INFINITIVE.test(w.toLowerCase())) : -1;
  const preposition = PREPOSITIONS.has(first) ? leftWords.findLastIndex((w) => PREPOSITIONS.has(w.toLowerCase())) : -1;
  let from = 0;
  if (verb >= 0) from = verb;
  else if (preposition >= 0) from = preposition;
  else if (YESNO_WORD.test(leftWords.join(' ').toLowerCase())) {
    // «будет ли у меня сын или дочь»: as many words as the second option has.
    from = Math.max(0, leftWords.length - rightWords.length);
  }
  const cap = (words: string[], n: number) => words.slice(0, n).join(' ');
  const a = cap(leftWords.slice(from).slice(-8), 8);
  const b = cap(rightWords, 8);
  if (a.toLowerCase() === b.toLowerCase()) return null;
  return [a, b];
}

/** A question word opening the sentence: «что с ним, это серьёзно?» asks what, not yes or no. */
const WH_FIRST = ru(
  /^\s*(что|чего|как|какой|какая|какое|какие|почему|зачем|отчего|где|куда|кто|кого|кому|сколько|what|how|why|who|where)\b/u,
);
/** «Когда…» opening the asking sentence, or another phrase of time; «когда-нибудь» (ever) is no «when». */
function asksWhen(t: string): boolean {
  const plain = t.replace(/когда[ -]?(нибудь|то|либо)/gu, ' ');
  if (!TIMING.test(plain)) return false;
  // «…, когда соседи сверху сверлят»: a clause, not the question.
  return (
    !/(?<!\p{L})когда(?!\p{L})/u.test(plain) ||
    /^\s*(\p{L}+\s+){0,3}когда(?!\p{L})/u.test(plain) ||
    /(скоро ли|как скоро|через сколько|сколько)/u.test(plain)
  );
}

/** «когда-нибудь», «kogda nibud»: «ever», which asks whether, not when («это когда-нибудь вернётся?»). */
const EVER = /когда[ -]?(?:нибудь|нибуд|либо)(?!\p{L})/u;

/** «что-то», «кто-нибудь», «как-то»: pronouns that ask nothing («обиделся он на что то» is a yes/no). */
const definite = (t: string) =>
  t.replace(/(?<!\p{L})(что|кто|как|где|куда|какой|какая|какие|какое|какую|чем|чего|кого|кому|когда)( (то|нибудь|либо))(?!\p{L})/gu, ' ');

/** The first words of the asking sentence: a question word further in belongs to a clause. */
const opening = (t: string) => ` ${t.trim().split(' ').slice(0, 4).join(' ')} `;

/** A finite verb or a past form: «вернётся», «сбежал». */
const hasVerb = (t: string) =>
  /\p{L}{2,}(ет|ит|ут|ют|ат|ят|ается|ется|ится|утся|ются|ишь|ешь|ем|им|емся|имся|ел|ил|ал|ла|ли|ло|лся|лась|усь|юсь)(?!\p{L})|(?<!\p{L})\p{L}*да(ст|дут|дим)(?!\p{L})/u.test(
    t,
  ) ||
  // The asker's own future, said flat: «испытательный пройду», «закрою до лета», «сдам», «потяну».
  /(?<!(?:^|\s)(?:в|во|на|к|ко|по|о|об|при|этом|том|каждом|прошлом|следующем|новом)\s)(?<!\p{L})(?!году|месяцу|разу|часу|саду|лесу|мосту|берегу|полу|углу|краю|раю)\p{L}{2,}([аеоуяи]ю|[дгнвжчшщзтсклмрпб]у|дам|дим)(?!\p{L})/u.test(
    t,
  );

/** The sentence that asks: the last one ending in «?», else the last one with words. */
function questionSentence(question: string): string {
  const parts = question.split(/(?<=[.!?…\n])/u);
  for (let i = parts.length - 1; i >= 0; i--) if (parts[i].endsWith('?') && /\p{L}/u.test(parts[i])) return parts[i];
  return lastSentence(question);
}

/**
 * «не вылезу я из этой ямы», «не вернёт же, да»: a yes/no opening with its own negation dreads the outcome,
 * unless what is negated is itself a dreaded event («не уволят меня?», hoped) or the asker's state of mind.
 */
function negatedAsk(o: string): boolean {
  const m = /^\s*не (\p{L}{3,}(?:ет|ит|ут|ют|ат|ят|у|ю|ем|им|ешь|ишь))(?!\p{L})/u.exec(o);
  if (!m || /^(знаю|могу|хочу|понимаю|помню|вижу|верю|думаю|жалею|будет|будут)$/u.test(m[1])) return false;
  const s = understand(m[1]).stems;
  return !anyOf(FEARED_CONCEPTS, s) && !anyOf(FEARED_IN_ASK, s);
}

/** «Не … ли»: a yes/no asked the way one asks about what one dreads. */
const NE_LI = /(?<!\p{L})не \p{L}+ ли(?!\p{L})/u;
/** The word asked about with «ли»: «вернётся ли», «умрёт ли». */
const LI_WORD = /(?<!\p{L})(\p{L}+) ли(?!\p{L})/u;
/** That word, «ли» and up to three words after it. */
const LI_PHRASE = /(?<!\p{L})\p{L}+ ли(?: \p{L}+){0,3}/u;

/** Laughter and winks: «))», «😂», «😅». */
const JOKING = /\){2,}|[😂🤣😅🙈🙃😆😁😜🤪💀😭]/u;

/** The part of the asking sentence after its last colon, dash, bracket or emoji, when that part has words. */
function askingTail(asking: string): string {
  // «…я его прибью 😤 а если серьёзно: он меня любит?», «ладно, реальный вопрос: …»: the joke before is no ask.
  const parts = asking.split(
    /[:;—–]|\s-\s|\){1,}|\p{Extended_Pictographic}|(?<!\p{L})(?:а )?(?:если серь[её]зно|реальный вопрос|а вопрос такой)(?!\p{L})/iu,
  );
  for (let i = parts.length - 1; i >= 0; i--) if ((parts[i].match(/\p{L}+/gu) ?? []).length >= 2) return parts[i];
  return asking;
}

/** The sentence before the asking one, if any («хочу, чтобы её отчислили. так будет?»). */
function sentenceBefore(question: string, asking: string): string {
  const at = question.lastIndexOf(asking);
  return at > 0 ? lastSentence(question.slice(0, at)) : '';
}

/** The last sentence with words in it: where a long story usually puts its question. */
function lastSentence(question: string): string {
  const parts = question.split(/[.!?…\n]+/u).filter((p) => /\p{L}{2,}/u.test(p));
  return parts.at(-1) ?? question;
}

/**
 * The reading's topic: the area on the reading's seven (study is read with work's lines; friendship, which
 * has none of its own, as general), and the spread's own topic when the question names none.
 */
function topicOf(area: Area, spreadType: string): Topic {
  if (area === 'study') return 'work';
  if (area === 'friendship') return 'general';
  if (area === 'general') return getSpread(spreadType)?.topic ?? 'general';
  return area;
}

/**
 * The last questions read, with their facts: one question is read again and again (the reading, its stream,
 * its follow-ups and second opinions, the same question dealt again), and reading one costs a few hundred
 * microseconds of CPU.
 */
const recent = new BoundedMap<string, Readonly<QuestionFacts>>(512);

export function readQuestion(question: string, spreadType: string): QuestionFacts {
  const key = `${spreadType}\u0000${question}`;
  let facts = recent.get(key);
  if (!facts) {
    facts = readQuestionAnew(question, spreadType);
    recent.set(key, facts);
  }
  return { ...facts };
}

function readQuestionAnew(question: string, spreadType: string): QuestionFacts {
  const q = normalise(question);
  const care = serverCare(question);
  const crisis = care.crisis;
  const u = understand(question);
  // The concepts first; the written stems catch what they miss, unless a figure of speech or a card's name
  // borrowed the words.
  const sensitive =
    themeOf(u, question) ??
    (themeCancelled(u, question) ? null : (SENSITIVE_WORDS.find((s) => s.re.test(q))?.sensitive ?? learnedTheme(question)));
  const asking = questionSentence(question);
  const asked = understand(asking);
  const t = asked.text;
  const person = personOf(t, u.text, asking, question);
  const concern = care.tier === 'concern';
  // The rules' area, then the learned layer's vote where it is much surer of another (care-model-areas.ts).
  const area = learnedArea(
    question,
    areaOf(u, asked, sensitive, {
      other: person.about !== 'self',
      sameGender: !!person.gender && person.gender === askerGender(u.text),
      concern,
    }),
    sensitive !== null,
  );
  const topic = topicOf(area, spreadType);
  const aboutOther = OTHER_PERSON.test(q);
  const options = optionsOf(question);

  // The polarity is read on what follows the last colon, dash or laugh of the asking sentence: «…рыдала до
  // смерти)) А вопрос такой: поедем ли мы в круиз» asks about the cruise; so is a yes/no opening there.
  const own = understand(askingTail(asking));
  // The kind is read on the question's own sentence: a long story before it names many things.
  let kind: Kind;
  if (isVague(q)) kind = 'vague';
  else if (options) kind = 'choice';
  else if (asksWhen(t) || anyOf(TIMING_CONCEPTS, EVER.test(t) ? understand(t.replaceAll(new RegExp(EVER, 'gu'), ' ')).stems : asked.stems))
    kind = 'timing';
  else if (LI.test(t) || YESNO_START.test(t) || YESNO_START.test(own.text) || FEAR_WORDS.test(t)) kind = 'yesno';
  else if (WH_FIRST.test(definite(t))) kind = 'open';
  else if (anyOf(YESNO_CONCEPTS, asked.stems)) kind = 'yesno';
  else if (WH.test(opening(definite(t)))) kind = 'open';
  // No question word: «кот сбежал. вернётся», «Он меня любит?», «муж изменяет» are yes/no; a bare theme
  // («моя карьера в этом году») is read as «what lies ahead».
  else kind = hasVerb(t) || /\?\s*$/.test(question.trim()) || FEARED.test(q) ? 'yesno' : 'open';

  // Feared: the asking sentence names a dreaded event, or the story does and the asking sentence hopes for
  // nothing («…сокращение. меня зацепит»); despair asks whether it stays so.
  // «бросит ли он» where the story is a drinking one asks whether he quits: hoped, whatever «бросит» fears.
  const quits = sensitive === 'addiction' && anyOf(QUIT, asked.stems);
  const hoped = anyOf(HOPED_CONCEPTS, own.stems) || (asked.english && ENGLISH_HOPED.test(t)) || quits;
  const o = own.text;
  const fearedAsk =
    FEARED.test(o) ||
    FEAR_WORDS.test(o) ||
    anyOf(FEARED_CONCEPTS, own.stems) ||
    anyOf(FEARED_IN_ASK, own.stems) ||
    (asked.english && ENGLISH_FEARED.test(o));
  // A story told laughing («сдохла зарядка… 😭», «убью его, если опоздает)») fears nothing it asks.
  const fearedStory =
    !JOKING.test(question) && (FEARED.test(q) || anyOf(FEARED_CONCEPTS, u.stems) || (u.english && ENGLISH_FEARED.test(u.text)));
  const shortAsk = o.trim().split(' ').length <= 3;
  // «не бросит ли он меня», «не обманут ли»: asked with «не … ли», the event is the one dreaded. The word
  // before «ли» is the event asked about: «умрёт ли бабушка, пока я получу паспорт» fears the death.
  const li = LI_WORD.exec(o)?.[1];
  const liStems = li ? understand(li).stems : '';
  // The hope is read on the word with the few after it: «серьёзно ли он настроен» hopes, «серьёзно ли это» fears.
  const liPhrase = li ? (LI_PHRASE.exec(o)?.[0] ?? li) : '';
  const liFeared =
    !!li &&
    (anyOf(FEARED_CONCEPTS, liStems) || anyOf(FEARED_IN_ASK, liStems)) &&
    !anyOf(HOPED_CONCEPTS, liStems) &&
    !anyOf(HOPED_CONCEPTS, understand(liPhrase).stems);
  // The asker's own wish or dread said in words decides over the event's words (ask-concepts.ts).
  const before = understand(sentenceBefore(question, asking)).stems;
  const dread = anyOf(DREAD_SHAPE, own.stems);
  const wished = !dread && (anyOf(WISHED, asked.stems) || anyOf(WISHED, before));
  const feared =
    !quits && !wished && (dread || NE_LI.test(o) || negatedAsk(o) || liFeared || (!hoped && (fearedAsk || (fearedStory && shortAsk))));
  const polarity: Polarity = kind === 'yesno' ? (feared ? 'feared' : 'hoped') : 'neutral';
  return {
    topic,
    area,
    kind,
    options: kind === 'choice' ? options : null,
    ask: kind === 'open' ? askOf(q, aboutOther) : null,
    polarity,
    aboutOther,
    about: person.about,
    gender: person.gender,
    sensitive,
    professional: sensitive ? PROFESSIONAL[sensitive] : null,
    crisis,
    concern,
  };
}
