// «Второе мнение» without an AI: the same cards read again in a reader's voice (domain/tarot/voices.ts). Each voice has
// its own phrasing bank (the opening, how a card is introduced and weighed, the advice, the farewell); what the
// cards mean, the answer to the kind of question asked and the sensitive rules (no yes or no on health, death,
// court…) are the interpreter's own (answerOf), so a second opinion never contradicts the question model.
// Pure and deterministic: the same reading in the same voice always reads the same.
import { SECOND_OPINION_OUTLINE, type ReadingPromptInput } from './prompts';
import { VOICE_INFO, type Voice } from '../tarot/voices';
import type { Tone } from './facts';
import { meaningIn } from './cards';
import { answerOf, type Answer } from './conclusion';
import { bold, contextOf, subj, type ReadCard } from './context';
import type { Kw } from './lexicon';

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
const firstSentence = (text: string) => (text.match(/^.*?[.!?](\s|$)/)?.[0] ?? text).trim();

type Mood = 'forward' | 'wait' | 'even' | 'care';

interface Bank {
  opening: readonly ((q: string, name: string) => string)[];
  card: readonly ((c: ReadCard, meaning: string) => string)[];
  tone: Record<Tone, readonly ((k: Kw) => string)[]>;
  /** `pro`: whom to turn to on a sensitive theme, in the dative («врачу»). */
  advice: Record<Mood, readonly ((c: ReadCard, k: Kw, pro: string) => string)[]>;
  farewell: readonly string[];
}

const BANKS: Record<Voice, Bank> = {
  gentle: {
    opening: [
      (q, name) => `Здравствуйте, я ${name}. Я посмотрела на ваши карты ещё раз, с вопросом «${q}» в сердце, и хочу сказать о них бережно.`,
      (q, name) => `Это ${name}. Ваш вопрос «${q}» — о важном, и я прочитала те же карты спокойно и с теплом.`,
    ],
    card: [
      (c, m) => `В позиции «${c.positionName}» вам выпала карта ${bold(c)}. ${m}`,
      (c, m) => `${capitalize(subj(c))} в позиции «${c.positionName}» говорит с вами мягко: ${lowerFirst(m)}`,
      (c, m) => `Там, где «${c.positionName}», лежит карта ${bold(c)}. ${m}`,
    ],
    tone: {
      light: [
        (k) => `Это поддержка, на которую можно опереться: ${k.nom}.`,
        (k) => `Здесь есть тепло и силы — ${k.nom}.`,
        (k) => `Примите этот подарок с благодарностью: ${k.nom}.`,
      ],
      mixed: [
        (k) => `В этой карте и свет, и тень; берегите в себе ${k.acc}.`,
        (k) => `Не торопите себя: ${k.nom} придут в своё время.`,
        (k) => `Отнеситесь к себе мягко — здесь есть и ${k.nom}.`,
      ],
      hard: [
        (k) => `Это не приговор, а место, где вам нужна забота о себе: ${k.nom}.`,
        (k) => `Трудное здесь можно прожить и отпустить — ${k.nom} не навсегда.`,
        (k) => `Вы не одни с этим: ${k.nom} — то, что можно пережить.`,
      ],
    },
    advice: {
      forward: [(c, k) => `Позвольте себе двигаться вперёд маленькими шагами: ${subj(c)} обещает ${k.acc}, и вы этого достойны.`],
      wait: [(c, k) => `Сейчас важнее поберечь себя, чем спешить: ${subj(c)} просит тишины и времени, чтобы ${k.nom} стали понятнее.`],
      even: [(c, k) => `Прислушайтесь к себе: ${subj(c)} подсказывает, что ответ созреет, когда вы дадите место чувствам — ${k.nom}.`],
      care: [
        (c, _k, pro) =>
          `Будьте к себе бережны: ${subj(c)} напоминает, что опора рядом. Доверьте главный вопрос ${pro} — просить помощи это сила, а не слабость.`,
      ],
    },
    farewell: [
      'Я с вами. Пусть этот взгляд согреет и добавит уверенности.',
      'Обнимаю вас — карты на вашей стороне, даже когда путь непрост.',
    ],
  },
  straight: {
    opening: [
      (q, name) => `${name}, второе мнение. Вопрос: «${q}». Коротко и по делу.`,
      (q, name) => `Говорит ${name}. По вопросу «${q}» — без лишних слов, что показывают карты.`,
    ],
    card: [
      (c, m) => `«${c.positionName}»: ${bold(c)}. ${firstSentence(m)}`,
      (c, m) => `Позиция «${c.positionName}» — ${bold(c)}. Суть: ${lowerFirst(firstSentence(m))}`,
      (c, m) => `Дальше, «${c.positionName}»: ${bold(c)}. Коротко: ${lowerFirst(firstSentence(m))}`,
    ],
    tone: {
      light: [(k) => `Это ваш ресурс — используйте: ${k.nom}.`, (k) => `Плюс: ${k.nom}. Опирайтесь на это.`, (k) => `В активе: ${k.nom}.`],
      mixed: [
        (k) => `Смешанный сигнал: учтите ${k.acc} и проверьте факты.`,
        (k) => `Не однозначно: ${k.nom}. Нужны уточнения, а не догадки.`,
        (k) => `И плюс, и минус: ${k.nom}. Взвесьте трезво.`,
      ],
      hard: [
        (k) => `Риск: ${k.nom}. Учитывайте его в планах.`,
        (k) => `Здесь проблема — ${k.nom}. Её нужно решать, а не обходить.`,
        (k) => `Слабое место: ${k.nom}. Подстрахуйтесь.`,
      ],
    },
    advice: {
      forward: [(c, k) => `Действуйте: выберите один конкретный шаг на эту неделю. ${capitalize(subj(c))} за вас — ${k.nom}.`],
      wait: [
        (c, k) => `Не спешите с решением. Сначала разберитесь с тем, что мешает (${k.nom}), потом действуйте. Так говорит ${subj(c)}.`,
      ],
      even: [(c, k) => `Соберите факты и составьте план из двух-трёх пунктов. Ключевая карта — ${subj(c)}: ${k.nom}.`],
      care: [
        (c, _k, pro) =>
          `Практически: с этим вопросом — к ${pro}, и не принимайте решений на эмоциях. ${capitalize(subj(c))} — о том, на что опереться.`,
      ],
    },
    farewell: ['Итог: решение за вами, карты лишь показывают расклад сил.', 'Всё. Действуйте по плану и пересмотрите его через неделю.'],
  },
  mystic: {
    opening: [
      (q, name) => `Я ${name}. Карты снова раскрылись над вашим вопросом «${q}», и сквозь их образы проступает иной узор.`,
      (q, name) => `Это ${name}. Ваш вопрос «${q}» звучит как зов, и старшие и младшие символы отвечают на него шёпотом.`,
    ],
    card: [
      (c, m) => `В круге «${c.positionName}» восходит знак ${bold(c)}, как огонь на перекрёстке. ${m}`,
      (c, m) => `Там, где лежит «${c.positionName}», открывается карта ${bold(c)} — символ, что старше слов. ${m}`,
      (c, m) => `Из тумана позиции «${c.positionName}» выходит ${bold(c)}. ${m}`,
    ],
    tone: {
      light: [
        (k) => `Свет этого знака — ${k.nom}, словно луна, что выходит из-за туч.`,
        (k) => `Этот знак несёт дар: ${k.acc}.`,
        (k) => `Звёзды над ним ясны: ${k.nom}.`,
      ],
      mixed: [
        (k) => `В нём сплетены свет и тень, и нить ведёт к теме: ${k.nom}.`,
        (k) => `Символ двойственен, как сумерки: ${k.nom}.`,
        (k) => `Его вода и огонь спорят между собой: ${k.nom}.`,
      ],
      hard: [
        (k) => `Это тёмная вода, через которую лежит путь: ${k.nom}.`,
        (k) => `Тень этого знака — ${k.nom}; но тень рождается лишь там, где есть свет.`,
        (k) => `Здесь ночь гуще: ${k.nom}; но и ночь кончается рассветом.`,
      ],
    },
    advice: {
      forward: [(c, k) => `Знаки благоволят пути: идите за светом карты ${bold(c)}, и пусть ${k.nom} ведут вас.`],
      wait: [(c, k) => `Время ещё не созрело: как семя под снегом, дождитесь своего часа. ${capitalize(subj(c))} хранит ${k.acc}.`],
      even: [(c, k) => `Весы колеблются: смотрите на знаки вокруг, на сны и совпадения. ${capitalize(subj(c))} шепчет: ${k.nom}.`],
      care: [
        (c, _k, pro) =>
          `Карты не открывают завесу судьбы в таком вопросе — её знание у того, к кому стоит прийти: к ${pro}. А ${subj(c)} светит, как свеча, чтобы вы не шли в темноте одни.`,
      ],
    },
    farewell: ['Пусть символы останутся с вами, как тихий свет в пути.', 'Так говорят карты. Остальное откроется в своё время.'],
  },
};

function capitalize(s: string): string {
  const i = s.search(/[\p{L}]/u);
  return i < 0 ? s : s.slice(0, i) + s.charAt(i).toUpperCase() + s.slice(i + 1);
}
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

const moodOf = (a: Answer): Mood =>
  a.direction === 'care'
    ? 'care'
    : a.direction === 'go' || a.direction === 'calm'
      ? 'forward'
      : a.direction === 'hold' || a.direction === 'guard'
        ? 'wait'
        : 'even';

/** A finished reading's second opinion in `voice`, from its cards: the answer first, each card, the advice. */
export function composeSecondOpinion(input: ReadingPromptInput, voice: Voice): string {
  const bank = BANKS[voice];
  const ctx = contextOf(input);
  const name = VOICE_INFO[voice].name;
  const [cardsHeading, adviceHeading] = SECOND_OPINION_OUTLINE;
  if (!ctx.cards.length) return `## ${adviceHeading}\n\nВ раскладе нет открытых карт для второго мнения.`;
  // The voice's own choices are seeded apart from the first reading's.
  const pick = <T>(bankName: string, items: readonly T[]) => ctx.pick.pick(`${voice}:${bankName}`, items);
  const answer = answerOf(ctx);
  const out = [`## ${cardsHeading}`, `${pick('opening', bank.opening)(oneLine(input.question), name)} ${answer.text}`];
  ctx.cards.forEach((c) => {
    out.push(`${pick('card', bank.card)(c, meaningIn(c, ctx.area))} ${pick(`tone:${c.tone}`, bank.tone[c.tone])(ctx.words(c))}`);
  });
  const key = ctx.cards.find((c) => c.role === 'advice') ?? ctx.cards.find((c) => c.role === 'outcome') ?? ctx.cards[ctx.cards.length - 1];
  out.push(
    `## ${adviceHeading}`,
    `${pick(`advice:${moodOf(answer)}`, bank.advice[moodOf(answer)])(key, ctx.words(key), ctx.q.professional?.dat ?? 'специалисту')} ${pick('farewell', bank.farewell)}`,
  );
  return out.join('\n\n');
}
