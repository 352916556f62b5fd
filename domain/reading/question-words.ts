// The word lists of the question model (domain/reading/question.ts): stems, matched on the question in lower
// case with ё as е. `\b` is a word boundary for Cyrillic too (see `ru`). What each list recognises is
// described in docs/decisions.md («The question model»).

/** JavaScript's \b knows only Latin letters: a word boundary for Cyrillic text, either way round. */
const BOUNDARY = String.raw`(?:(?<!\p{L})(?=\p{L})|(?<=\p{L})(?!\p{L}))`;
// Where the pattern itself puts a letter after the boundary, only the side before it is left to check (and
// the other way round). The one-sided forms let the engine skip ahead to the words' letters instead of
// trying both lookarounds at every position: about fifty times faster on a question.
const WORD_START = String.raw`(?<!\p{L})`;
const WORD_END = String.raw`(?!\p{L})`;

const isLetter = (ch: string | undefined) => ch !== undefined && /^\p{L}$/u.test(ch);
const QUANTIFIER = new Set(['?', '*', '{']);

/** The pattern's top-level alternatives, or null if it is not a plain group's body (a lookaround, a name). */
function alternatives(body: string): string[] | null {
  if (body.startsWith('?')) {
    if (!body.startsWith('?:')) return null;
    body = body.slice(2);
  }
  const out: string[] = [];
  let depth = 0;
  let inClass = false;
  let from = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === '\\') i++;
    else if (inClass) inClass = ch !== ']';
    else if (ch === '[') inClass = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === '|' && depth === 0) {
      out.push(body.slice(from, i));
      from = i + 1;
    }
  }
  out.push(body.slice(from));
  return out;
}

/** Every way through `alt` begins with a letter (a literal letter that is not optional). */
const startsWithLetter = (alt: string) => isLetter(alt[0]) && !QUANTIFIER.has(alt[1]);
/** Every way through `alt` ends with a literal letter. */
const endsWithLetter = (alt: string) => isLetter(alt.at(-1)) && alt.at(-2) !== '\\';

/** The source with each `\b` as the cheapest boundary that matches exactly where the two-sided one would. */
function wordBoundaries(source: string): string {
  // Matching parentheses, skipping escapes and character classes.
  const closeOf = new Map<number, number>();
  const openOf = new Map<number, number>();
  const stack: number[] = [];
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === '\\') i++;
    else if (inClass) inClass = ch !== ']';
    else if (ch === '[') inClass = true;
    else if (ch === '(') stack.push(i);
    else if (ch === ')') {
      const open = stack.pop()!;
      closeOf.set(open, i);
      openOf.set(i, open);
    }
  }
  let out = '';
  inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === '\\' && source[i + 1] === 'b' && !inClass) {
      out += boundaryAt(source, i, closeOf, openOf);
      i++;
    } else if (ch === '\\') {
      out += source.slice(i, i + 2);
      i++;
    } else {
      if (inClass) inClass = ch !== ']';
      else if (ch === '[') inClass = true;
      out += ch;
    }
  }
  return out;
}

function boundaryAt(source: string, at: number, closeOf: Map<number, number>, openOf: Map<number, number>): string {
  const next = at + 2;
  if (startsWithLetter(source.slice(next, next + 2))) return WORD_START;
  if (source[next] === '(' && !QUANTIFIER.has(source[closeOf.get(next)! + 1])) {
    const alts = alternatives(source.slice(next + 1, closeOf.get(next)));
    if (alts?.every(startsWithLetter)) return WORD_START;
  }
  const before = at - 1;
  if (isLetter(source[before]) && source[before - 1] !== '\\') return WORD_END;
  if (source[before] === ')') {
    const alts = alternatives(source.slice(openOf.get(before)! + 1, before));
    if (alts?.every(endsWithLetter)) return WORD_END;
  }
  return BOUNDARY;
}

/** Every pattern `ru` made, beside the pattern as written: the test checks each against `ruPlain`. */
export const RU_PATTERNS: { written: RegExp; made: RegExp }[] = [];

const unicode = (flags: string) => (flags.includes('u') ? flags : `${flags}u`);
/** `re` with `\b` made a word boundary for Cyrillic (see BOUNDARY), and the `u` flag. Module level only. */
export function ru(re: RegExp): RegExp {
  const made = new RegExp(wordBoundaries(re.source), unicode(re.flags));
  RU_PATTERNS.push({ written: re, made });
  return made;
}
/** The same with the two-sided boundary everywhere: what `ru`'s patterns must match exactly like. */
export const ruPlain = (re: RegExp) => new RegExp(re.source.replace(/\\b/g, BOUNDARY), unicode(re.flags));

export type Sensitive = 'health' | 'pregnancy' | 'child_health' | 'death' | 'legal' | 'investment' | 'addiction' | 'pet_health';

const ILLNESS = String.raw`(болез|болеет|болеют|бол(ею|ит)\b|заболе|выздорове|выздоровл|поправ(ит|лю)ся|поправится|диагноз|онколог|\bрак\b|\bрака\b|опухол|метастаз|операци|лечени|лечит|вылеч|химиотерап|инсульт|инфаркт|ковид|covid|анализ|обследован|больниц|реанимац|симптом|здоровье|здоров(а|ы)? ли|здоровым|недуг|хирург|инвалидн|кома\b|в коме|давлени|сердечн|эпилепс|диабет|\bвич\b|гепатит|туберкул)`;
const CHILD = String.raw`(ребен|ребенк|малыш|сын|сына|сыночк|доч|дочк|дочер|детей|дети|младен|новорожд|детск)`;

/** Sensitive themes: no yes/no leaning and no prognosis about a body or a lifespan; a professional is named. */
export const SENSITIVE_WORDS: readonly { sensitive: Sensitive; re: RegExp }[] = [
  {
    sensitive: 'death',
    re: ru(
      /(\bумр(у|ет|ем|ут)\b|умира|\bумер|смерт(?!ельно)|сколько (мне |ему |ей )?(еще )?(осталось )?(жить|прожить)|сколько (я )?проживу|проживу ли|долго ли (я |он |она )?(проживу|проживет|будет жить)|продолжительност\p{L}* жизни|доживу|доживет|похорон|погибн|гибел|не станет\b|уйдет из жизни|уйти из жизни|ушел из жизни|ушла из жизни)/u,
    ),
  },
  {
    sensitive: 'pregnancy',
    re: ru(
      /(беремен|заберемен|зачат|зачну|зачнем|\bэко\b|бесплод|выкидыш|\bроды\b|\bродов\b|\bродить\b|\bрожу\b|\bродим\b|ребен\p{L}* (у нас |у меня )?будет|будет ли (у нас |у меня )?(ребен|малыш|дет|сын|доч)|будут ли (у нас |у меня )?дети|малыш\p{L}* (будет|родится)|стан(у|ем) (ли )?(я |мы )?(мамой|матерью|папой|отцом|родителями)|стать (мамой|матерью|папой|отцом)|тест (на беременность|покажет))/u,
    ),
  },
  { sensitive: 'child_health', re: ru(new RegExp(String.raw`${CHILD}\p{L}*.{0,40}${ILLNESS}|${ILLNESS}.{0,40}${CHILD}`)) },
  { sensitive: 'health', re: ru(new RegExp(ILLNESS)) },
  {
    sensitive: 'legal',
    re: ru(
      /(\bсуд(а|е|у|ом|ы|ов|ам|ах)?\b|судебн|суди(ть|тся)|судятся|\bиск(а|и|ом)?\b|адвокат|юрист|прокурат|прокурор|уголовн|приговор|посадят|\bсрок (дадут|дали|получу|получит)|арест|следстви|следовател|наследств|алимент|опек[аиу]\b|лишат\p{L}* (прав|родительск)|раздел имуществ|банкротств|тяжб|апелляц|оправда(ют|ет)|условн\p{L}* срок|\bпристав|штраф|депортац|(выиграю|выиграем|проиграю|проиграем) (ли )?(дело|суд))/u,
    ),
  },
  {
    sensitive: 'investment',
    re: ru(
      /(инвест|вложить|вложу|вложени|вкладыва|\bвклад|акци(и|ю|й)\b|криптовал|\bкрипт|биткоин|трейдинг|\bбирж|форекс|ипотек|кредит|\bзайм|\bзаем|купить (квартир|дом|машин|участ|землю|бизнес|франшиз)|покупк\p{L}* (квартир|дом|машин|участ|бизнес)|продать (квартир|дом|бизнес|участ|машин)|продаж\p{L}* (квартир|дом|бизнес)|все (свои )?(деньги|сбережения)|сбережени|открыть (свой )?бизнес|франшиз|пирамид)/u,
    ),
  },
];

export interface Professional {
  /** «врач» (as a subject). */
  nom: string;
  /** «врачу» (обратиться к …). */
  dat: string;
  /** «врачом» (обсудить с …). */
  inst: string;
  /** «врача» (у …, для …). */
  gen: string;
}

export const PROFESSIONAL: Record<Sensitive, Professional> = {
  health: { nom: 'врач', dat: 'врачу', inst: 'врачом', gen: 'врача' },
  death: { nom: 'врач', dat: 'врачу', inst: 'врачом', gen: 'врача' },
  pregnancy: { nom: 'врач-гинеколог', dat: 'врачу-гинекологу', inst: 'врачом-гинекологом', gen: 'врача-гинеколога' },
  child_health: { nom: 'детский врач', dat: 'детскому врачу', inst: 'детским врачом', gen: 'детского врача' },
  legal: { nom: 'юрист', dat: 'юристу', inst: 'юристом', gen: 'юриста' },
  investment: {
    nom: 'финансовый консультант',
    dat: 'финансовому консультанту',
    inst: 'финансовым консультантом',
    gen: 'финансового консультанта',
  },
  addiction: { nom: 'врач-нарколог', dat: 'врачу-наркологу', inst: 'врачом-наркологом', gen: 'врача-нарколога' },
  pet_health: { nom: 'ветеринар', dat: 'ветеринару', inst: 'ветеринаром', gen: 'ветеринара' },
};

/**
 * Events people fear rather than hope for: a favourable spread answers them «скорее нет». Unfaithfulness,
 * lies, being left, losing a job or money, illness, failure, court, quarrels, rivals.
 */
export const FEARED = ru(
  /(изменя(ет|ют|л|ла|ли|ть)|\bизмен(а|ой|у|ы)\b|изменит мне|изменил[аи]? мне|мне изменит|изменит ли (мне )?(он|она|муж|жена|парень|девушка|любимый|любимая|партнер)|есть ли у (него|нее|мужа|жены|парня|девушки) (другая|другой|кто-то|любовниц)|любовниц|соперниц|обманыва|обманет|обманут|обманул|\bврет\b|\bлжет\b|\bврал|предаст|предадут|подстав|кинут|бросит|бросят|брошу ли|уйд\p{L}* (ли )?(он |она )?от меня|\bк (другой|другому)\b|оставит меня|разлюбит|охладеет|расстанемся|расстанусь|разойдемся|разведемся|развод|увол(ят|ит|ен|ьнени)|сократят|сокращени|выгонят|отчислят|не возьмут|откажут|отказ\b|провал(ю|им|ит|юсь)|завалю|не сдам|не поступлю|потеря(ю|ем|ет)|\bпотеря\b|лишусь|обокрад|украдут|ограбят|разор(юсь|имся)|прогор|банкрот|заболе(ю|ет|ем|ют)|заболеть|болезн|беда\b|несчасть|авари|катастроф|будет ли суд|подадут в суд|посадят|арестуют|штраф|поссоримся|ссор[аиы]\b|скандал|конфликт|проблем[аы]? (будут|будет|возникнут)|будут ли проблем|случится ли (что-то )?(плохое|беда)|плохое|порч[аиу]|сглаз|проклят)/u,
);

/** Fear said outright: «боюсь, что…». */
export const FEAR_WORDS = ru(/(\bбоюсь|опасаюсь|\bстрашно|не дай бог|тревожусь|переживаю, что|переживаю что)/u);

/** Someone other than the user as the question's subject (with a verb of feeling or intent). */
export const OTHER_PERSON = ru(
  /(\b(он|она|они|его|ее|него|нее|ему|ей|ним|ней|муж|жена|парень|девушка|бывш\p{L}*|мама|папа|начальни\p{L}*|подруга|друг|коллега|сестра|брат|сын|дочь|свекровь|партнер|любимый|любимая|человек)\b.{0,40}(чувству|думает|думают|относит|люб[ия]т|скуча|вспомина|хочет|хотят|планир|измен|верн[её]т|позвон|напиш|бросит|уйд[её]т|предлож|ревну|обманыва|скрыва|жд[её]т|ценит|уважа|нрав|намерен|замышля|готов|испытыва|сожале)|(чувству|думает|относит|люб[ия]т|скуча|вспомина|хочет|планир|измен|верн[её]т|позвон|напиш|ревну|скрыва|ценит|испытыва|сожале)\p{L}*.{0,20}\b(он|она|муж|жена|парень|девушка|бывш\p{L}*|мама|папа|начальни\p{L}*|подруга|друг|коллега|сестра|брат|свекровь|партнер|любимый|любимая|человек)\b|\b(he|she|they)\b)/u,
);
