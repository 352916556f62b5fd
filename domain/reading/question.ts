// What the question is about (its topic) and what kind of answer it wants (yes/no, a choice, a time, or an
// open question), recognised from its words. Pure and forgiving: an unclear question is «general», «open».
export type Topic = 'love' | 'work' | 'money' | 'health' | 'self' | 'general';
export type Kind = 'yesno' | 'decision' | 'timing' | 'open';

/** JavaScript's \\b knows only Latin letters: a word boundary for Cyrillic text. */
const B = String.raw`(?:(?<!\p{L})(?=\p{L})|(?<=\p{L})(?!\p{L}))`;
const ru = (re: RegExp) => new RegExp(re.source.replace(/\\b/g, B), 'u');

const TOPICS: [Topic, RegExp][] = [
  ['love', /любов|любв|скучает|думает обо мне|позвонит|напишет мне|верн[её]тся ко мне|любим|отношен|партн[её]р|\bмуж|жена|жён|парен|парн[яюе]|девушк|свидан|брак|свадьб|чувств|ревн|бывш|расстав|измен|влюб|сердц|роман|встречу\b|пар[аеуы]\b|нравлюсь|нравится/],
  ['money', /деньг|денег|денеж|финанс|доход|зарплат|долг|кредит|ипотек|покупк|инвест|прибыл|сбережен|бюджет|заработ/],
  ['work', /работ|карьер|должност|начальн|руковод|коллег|проект|бизнес|повышен|собеседован|професси|учёб|учеб|экзамен|вакан|увольн|клиент|дело\b|дела\b/],
  ['health', /здоров|самочувств|болез|болит|сил[ыау]?\b|энерги|стресс|устал|бессонн|\bсон\b|сна\b|лечен|тревог|выгоран|отдых|равновеси|спокойстви/],
  ['self', /себя|себе|предназнач|\bпуть|духов|рост|смысл|призван|внутренн|урок|душ[аиуе]|гармони|развит|кто я/],
];

export interface QuestionFacts {
  topic: Topic;
  kind: Kind;
}

/** The spread's own topic, when the question does not name one. */
const SPREAD_TOPIC: Record<string, Topic> = {
  love_relationship: 'love',
  career_finance: 'work',
  health_wellbeing: 'health',
  spiritual_guidance: 'self',
};

export function readQuestion(question: string, spreadType: string): QuestionFacts {
  const q = ` ${question.toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ')} `;
  const qe = ` ${question.toLowerCase().replace(/\s+/g, ' ')} `;
  let topic: Topic = 'general';
  for (const [t, raw] of TOPICS) {
    const re = ru(raw);
    if (re.test(qe) || re.test(q)) {
      topic = t;
      break;
    }
  }
  if (topic === 'general') topic = SPREAD_TOPIC[spreadType] ?? 'general';
  let kind: Kind = 'open';
  if (ru(/\bкогда\b|\bскоро ли\b|как скоро|сколько (еще |ещё )?(ждать|времени)|в каком месяце|как долго/).test(qe)) kind = 'timing';
  else if (ru(/\bили\b|стоит ли|выбрать|какой выбор|какое решение|что выбрать|соглашаться ли|принять ли/).test(qe))
    kind = ru(/\bили\b|выбрать|выбор|решени/).test(qe) ? 'decision' : 'yesno';
  else if (ru(/\bли\b/).test(qe) || ru(/^\s*(будет|получится|вернется|вернётся|есть|смогу|стоит|удастся|сбудется|любит)\b/).test(qe)) kind = 'yesno';
  return { topic, kind };
}
