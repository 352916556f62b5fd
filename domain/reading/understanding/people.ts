// Whom a question is about, and that person's gender: the asker alone, another person (named, «муж», «он»)
// or the two of them («мы», «наши отношения», «помиримся»). Read on the asking sentence first, then on the
// whole text. A name's gender: a list of men's names and their short forms (Андрей, Саша as «он» by
// default); any other name ending in «-а»/«-я» is a woman's (Лена, Алёна).

import { toCyrillic } from './transliterate';

export type About = 'self' | 'other' | 'both';
export type Gender = 'm' | 'f';

/** Men's names and short forms, as stems a declined form begins with («андре» → Андрея, Андрею). */
const MEN = `андре андрюш игор игорь максим макс денис артем артём тем тём серге серёж серег дим дмитри алекс алексе леш лёш лех лёх
 миш михаил паш павел павл иван ван вань никит ил илюш кол коль никола кост констант вов владимир влад олег роман ром
 антон евгени сашк саш шур пет петр пётр егор кирилл кирюх глеб тимур тимоф вадим виктор вит витал юр юри стас станислав
 гош георги гоша фед федор фёдор сем семен семён степан стёп артур эдик эдуард руслан марат тагир вас васил гриш григори лёв
 лев льв матве даниил дан данил арсени арс ярослав слав вячеслав богдан марк миро мирон нико никол толик анатоли ген генна
 валер валери эрик давид тох тош жор жорик вадик вадим петь серый серёг кеш иннокенти савел захар прохор фил филипп
 ефим эмиль тигран ашот гарик карен рустам айдар ринат азат жек андрюх димон дэн джон макар`
  .split(/\s+/)
  .filter(Boolean);

/** Common women's names and short forms: a name opening the question («Даша третий день молчит») is one too. */
const WOMEN_NAMES = `даш маш кат кать насть лен ол оль ань ан юл юль свет тан тань наташ ир ирин вик виктори полин алин ален ксюш ксени
 сон лиз вер над люд гал оксан марин кристин карин ангелин диан милан ев ник мил алис арин варвар вар дарь мари ольг
 татьян светлан натали екатерин анастаси елизавет софи софь ульян яна ян лил лиля регин эльвир айгул гульнар зарин`
  .split(/\s+/)
  .filter(Boolean);
const womanName = (w: string) => WOMEN_NAMES.some((f) => w.startsWith(f) && w.length - f.length <= 3 && /[аяиеуыюой]$/u.test(w));

/** Women's names that do not end in «-а»/«-я», and short forms that would be taken for a man's. */
const WOMEN = ['любов', 'нинел', 'ассол', 'юди', 'эстер', 'рахил'];

/** Words written with a capital that are not names: cards, places, brands often met in questions. */
const NOT_NAMES = new Set(
  `карты карта таро бог господи москва москве москву питер питере россия россии германия германии турция турции сша
   израиль израиле казань казани сочи дубай дубае европа европе америка америке грузия грузии сербия сербии
   канада канаде польша польше англия англии испания испании италия италии франция франции япония японии смерть башня
   повешенный дьявол шут солнце луна звезда мир суд колесница отшельник император императрица маг жрица сила правосудие
   умеренность любовники иерофант фортуна мечей кубков жезлов пентаклей тинькофф сбер google amazon яндекс авито тиндер
   новый год рождество пасха инстаграм телеграм ватсап вк вконтакте егэ огэ мгу вуз вшэ спбгу ielts`.split(/\s+/),
);

const PERSON_M =
  /(?<!\p{L})(муж|мужа|мужу|мужем|парень|парня|парню|парнем|бывший|бывшего|бывшему|отец|отца|отцу|папа|папы|папе|папу|брат|брата|брату|сын|сына|сыну|сынок|дедушк\p{L}*|дед|деда|свекор|свекра|тесть|тестя|отчим\p{L}*|начальник\p{L}*|шеф\p{L}*|друг|друга|другу|мужчин\p{L}*|жених\p{L}*|зять|зятя|дядя|дяди|дядю|сосед|соседа|коллега|он|его|ему|него|нему|ним|нём|нем|he|him|his|husband|boyfriend|brother|father|dad|son|ex-husband)(?!\p{L})/u;
const PERSON_F =
  /(?<!\p{L})(жена|жены|жене|женой|жену|девушк\p{L}*|бывшая|бывшей|бывшую|мама|мамы|маме|маму|мать|матери|сестр\p{L}*|доч\p{L}*|бабушк\p{L}*|свекров\p{L}*|теща|тещи|тёща|тёщи|мачех\p{L}*|начальниц\p{L}*|подруг\p{L}*|женщин\p{L}*|невест\p{L}*|невестк\p{L}*|тетя|тети|тётя|тёти|соседк\p{L}*|она|ее|её|ей|нее|неё|ней|she|her|wife|girlfriend|sister|mother|mom|mum|daughter|ex-wife)(?!\p{L})/u;
const BOTH =
  /(?<!\p{L})(мы|нас|нам|нами|наш|наша|наше|наши|нашу|наших|нашим|вместе|помиримся|сойдемся|сойдёмся|поженимся|расстанемся|разведемся|разведёмся|встретимся|увидимся|будем|we|us|our|together)(?!\p{L})/u;
/** The asker as the subject: «найду ли я», «мне ждать». */
const SELF = /(?<!\p{L})(я|мне|меня|мной|себя|себе|i|me|my|myself)(?!\p{L})/u;

const maleName = (w: string) => MEN.some((m) => w.startsWith(m) && w.length - m.length <= 3);
const femaleName = (w: string) => WOMEN.some((f) => w.startsWith(f)) || /[ая]$|[аы]ну$|[уюыиеё]$|(ой|ей)$/u.test(w);

/** A preposition of place right before a capitalised word: «в», «во», «на», «из», «под», «in», «to», «from». */
const PLACE_BEFORE = /(?<!\p{L})(в|во|из|под|in|to|from|at)\s+$/iu;

const named = new Map<string, { name: string; gender: Gender }[]>();

/** Capitalised words inside a sentence, and known men's names anywhere: the names a question holds. */
function namesIn(question: string): { name: string; gender: Gender }[] {
  let out = named.get(question);
  if (out) return out;
  out = [];
  if (named.size >= 16) named.delete(named.keys().next().value!);
  named.set(question, out);
  const re = /(^|[.!?…]\s*|\s+)([\p{Lu}][\p{Ll}]+)/gu;
  for (const m of question.matchAll(re)) {
    // «в Италию», «на Ахтубе», «из Омска», «in Berlin»: after a preposition of place a capital is a place.
    if (PLACE_BEFORE.test(question.slice(Math.max(0, m.index - 8), m.index + m[1].length))) continue;
    const typed = m[2].toLowerCase().replace(/ё/g, 'е');
    // A name typed in Latin letters («Artem», «Nastya») is read in Cyrillic; a Latin word is a woman's name
    // only when it ends as one («Julia»), since most capitalised Latin words are places and brands.
    const latin = /^[a-z]+$/.test(typed);
    const word = latin ? toCyrillic(typed) : typed;
    const first = m[1] !== '' && /[.!?…]/u.test(m[1]);
    if (NOT_NAMES.has(word) || NOT_NAMES.has(typed) || word.length < 3) continue;
    if (maleName(word)) out.push({ name: m[2], gender: 'm' });
    else if (womanName(word)) out.push({ name: m[2], gender: 'f' });
    else if (!first && m.index !== 0 && (latin ? /[ая]$/u.test(word) : femaleName(word))) out.push({ name: m[2], gender: 'f' });
  }
  return out;
}

/** The gender of the first person named or meant in a text (a name, «муж», «она»). */
function genderIn(text: string, original: string): Gender | null {
  const names = namesIn(original);
  if (names.length) return names[0].gender;
  const m = PERSON_M.exec(text);
  const f = PERSON_F.exec(text);
  if (m && f) return m.index <= f.index ? 'm' : 'f';
  if (m) return 'm';
  if (f) return 'f';
  return null;
}

export interface Person {
  about: About;
  gender: Gender | null;
}

/**
 * `asked` and `whole` are the understood texts (lower case, one space apart) of the asking sentence and of
 * the whole question; `original` is the asking sentence as typed (for capitalised names).
 */
export function personOf(asked: string, whole: string, original: string, originalWhole: string): Person {
  const named = namesIn(original).length > 0;
  const other = named || PERSON_M.test(asked) || PERSON_F.test(asked);
  let about: About;
  if (BOTH.test(asked)) about = 'both';
  else if (other) about = /(?<!\p{L})(я|i)(?!\p{L})/u.test(asked) && !named ? 'self' : 'other';
  else if (SELF.test(asked)) about = 'self';
  // «Муж ушёл к другой. вернётся?»: the asking sentence names nobody, the story does.
  else about = namesIn(originalWhole).length || PERSON_M.test(whole) || PERSON_F.test(whole) ? 'other' : 'self';
  return { about, gender: genderIn(asked, original) ?? genderIn(whole, originalWhole) };
}

/** A saved person's gender from their name alone (a men's name or short form, or a name in «-а»/«-я»), or null. */
export function genderOfName(name: string): Gender | null {
  const w = name.trim().split(/\s+/)[0]?.toLowerCase().replace(/ё/g, 'е') ?? '';
  if (w.length < 2) return null;
  if (maleName(w)) return 'm';
  return WOMEN.some((f) => w.startsWith(f)) || /[ая]$/u.test(w) ? 'f' : null;
}

/** The asker speaking of herself: «я поссорилась», «я одна», or a story opening on her own past («Убила бы…»). */
const ASKER_F =
  /(?<!\p{L})я(?: \p{L}+){0,3} (\p{L}{2,}(ла|лась)|сама|одна|должна|готова|уверена|рада|виновата)(?!\p{L})|^ ?\p{L}{3,}(ла|лась)(?!\p{L})/u;
const ASKER_M =
  /(?<!\p{L})я(?: \p{L}+){0,3} (\p{L}{2,}[аеиоуыя](л|лся)|сам|один|должен|готов|уверен|рад|виноват)(?!\p{L})|^ ?\p{L}{2,}[аеиоуыя](л|лся)(?!\p{L})/u;

/** The asker's gender when the text shows it (on the understood text: lower case, one space apart). */
export function askerGender(text: string): Gender | null {
  const f = ASKER_F.test(text);
  const m = ASKER_M.test(text);
  return f === m ? null : f ? 'f' : 'm';
}
