// Вера, the gentle voice: support first. She reads the cards on the person's side before anything else and
// gives them more room (each its own sentence), names what is hard once and as something to care for, and
// ends with a step of care. The verdict is the plan's: she softens how it is said, never what it says.
import type { ReadCard } from './context';
import type { Kw } from './lexicon';
import type { Professional } from './question-words';
import { acc, names, nom, pos, rest, Sub, sub, type Kit, type Stance } from './voice-kit';

type Line = (c: ReadCard, k: Kw) => string;

const SUPPORT_FIRST: readonly Line[] = [
  (c, k) => `Сначала о том, что вас держит: ${nom(c)} в позиции ${pos(c)} дарит ${k.acc}.`,
  (c, k) => `Первое, что я вижу, — ${nom(c)}, и эта карта на вашей стороне: ${k.nom}.`,
  (c, k) => `Я начну с доброго: в позиции ${pos(c)} лежит ${sub(c)}, а с ней ${k.nom}.`,
  (c, k) => `Посмотрите, какая опора у вас есть: ${nom(c)} в позиции ${pos(c)} — это ${k.nom}.`,
  (c, k) => `Самое тёплое в этом раскладе — ${nom(c)}: ${k.nom}, и это про вас.`,
];
const NO_SUPPORT_FIRST: readonly Line[] = [
  (c, k) => `Расклад непростой, и я скажу о нём бережно. Главная карта — ${nom(c)} в позиции ${pos(c)}: ${k.nom}.`,
  (c, k) => `Карты сейчас строгие, но строгость — не приговор. Начну с карты ${nom(c)}: ${k.nom}.`,
  (c, k) => `Этот расклад про трудное время, и пройти его можно. Ключ к нему — ${nom(c)}: ${k.nom}.`,
];

const VERDICT: Record<'yes' | 'no', readonly ((firm: boolean, k: Kw) => string)[]> = {
  yes: [
    (f, k) => `И на ваш вопрос карты отвечают ${f ? '«да»' : '«скорее да»'} — пусть это согреет: ${k.nom} уже с вами.`,
    (f, k) => `Ответ — ${f ? '«да»' : '«скорее да»'}, и я рада сказать это вам; опирайтесь на ${k.acc}.`,
    (f, k) => `Карты говорят ${f ? '«да»' : '«скорее да»'}, и в этом ответе есть ${k.nom}.`,
  ],
  no: [
    (f, k) => `Ответ карт — ${f ? '«нет»' : '«скорее нет»'}, и я говорю это мягко: вы остаётесь собой, а ${k.nom} остаются с вами.`,
    (f, k) => `На ваш вопрос выходит ${f ? '«нет»' : '«скорее нет»'}; это не про вашу ценность, и ${k.nom} никуда не уходят.`,
    (f, k) => `Карты склоняются к ответу ${f ? '«нет»' : '«скорее нет»'}. Пусть это не пугает: у вас есть ${k.nom}.`,
  ],
};

function answer(kit: Kit, s: Stance, warm: Kw): string {
  const { pick } = kit;
  switch (s.kind) {
    case 'verdict':
      return pick('verdict', VERDICT[s.yes ? 'yes' : 'no'])(s.firm, warm);
    case 'even':
      return pick('even', [
        (k: Kw) => `Ответ пока ни «да», ни «нет», и в этом есть свобода: многое зависит от вас, а с вами ${k.nom}.`,
        (k: Kw) => `Карты держат равновесие: ни «да», ни «нет». Дайте себе время — ${k.nom} подскажут.`,
      ])(warm);
    case 'choice':
      return pick('choice', [
        (k: Kw) => `Из двух путей карты бережнее к варианту «${s.win}»: там ${k.nom}, а «${s.lose}» даётся тяжелее.`,
        (k: Kw) => `Мне кажется, вам ближе «${s.win}», чем «${s.lose}»: карты связывают с ним ${k.acc}.`,
      ])(warm);
    case 'timing':
      return s.when
        ? pick('timing', [
            (k: Kw) => `По времени карты называют такой ориентир: ${s.when}; пусть до тех пор вас держат ${k.nom}.`,
            (k: Kw) => `Ждать придётся вот сколько: ${s.when}. А пока берегите ${k.acc}.`,
          ])(warm)
        : pick('timing', [
            (k: Kw) => `Срок карты называют не датой, а этапом: сначала придёт важная перемена. А пока с вами ${k.nom}.`,
            (k: Kw) => `Время здесь мерится не днями, а событием, которое ещё впереди; до него вас поддержат ${k.nom}.`,
          ])(warm);
    case 'care':
      return pick('care', [
        (k: Kw) =>
          `Что будет дальше, карты не скажут — об этом бережно и точно скажет ${s.pro.nom}. А поддержка в раскладе есть: ${k.nom}.`,
        (k: Kw) => `Исход здесь не моё дело и не дело карт: его знает ${s.pro.nom}. Моё — напомнить, что с вами ${k.nom}.`,
      ])(warm);
    case 'open':
      return pick('open', [
        (k: Kw) => `На ваш вопрос мягче всего отвечает ${sub(s.card)} в позиции ${pos(s.card)}: ${k.nom}.`,
        (k: Kw) => `Ответ я вижу в карте ${nom(s.card)}: ${k.nom}, и это можно принять без страха.`,
      ])(kit.words(s.card));
  }
}

const MORE_SUPPORT: readonly Line[] = [
  (c, k) => `Рядом ещё одна опора — ${nom(c)}: ${k.nom}.`,
  (c, k) => `И ${sub(c)} в позиции ${pos(c)} тоже за вас: ${k.nom}.`,
  (c, k) => `Добавлю ${acc(c)}: в ней ${k.nom}, и это стоит беречь.`,
  (c, k) => `Вас поддерживает и ${sub(c)}: ${k.nom}.`,
];
const TENDER: readonly Line[] = [
  (c, k) => `Есть и то, что просит заботы: ${nom(c)} в позиции ${pos(c)} — ${k.nom}; это можно прожить, не ругая себя.`,
  (c, k) => `${Sub(c)} говорит о трудном — ${k.nom}; отнеситесь к этому как к ране, которой нужно время.`,
  (c, k) => `Не буду скрывать и ${acc(c)}: ${k.nom}, — но трудная карта показывает, где вам нужна поддержка, а не где вы слабы.`,
];
const QUIET: readonly ((cs: readonly ReadCard[], k: Kw) => string)[] = [
  (cs, k) => `${cs.length > 1 ? `Карты ${names(cs)} тихо дополняют` : `${Sub(cs[0])} тихо дополняет`} картину, и в ней звучат ${k.nom}.`,
  (cs, k) => `А ${names(cs)} — спокойный фон, в котором есть ${k.nom}.`,
  (cs, k) => `Рядом ${cs.length > 1 ? `лежат ${names(cs)}` : `лежит ${sub(cs[0])}`}, и это тоже о вас: ${k.nom}.`,
];

const CARE_FOR: Record<'act' | 'wait', readonly ((place: string, k: Kw) => string)[]> = {
  act: [
    (p, k) => `Мой совет: сделайте маленький, но настоящий шаг ${p}, такой, который вам по силам, и пусть вас ведут ${k.nom}.`,
    (p, k) => `Позвольте себе действовать ${p} смело, но бережно к себе: у вас есть ${k.nom}.`,
    (p, k) => `Попробуйте на этой неделе одно доброе дело ${p} — для себя или для близких; в нём проявятся ${k.nom}.`,
  ],
  wait: [
    (p, k) => `Мой совет: дайте себе время и тишину ${p}, не требуя от себя немедленных решений; пусть окрепнут ${k.nom}.`,
    (p, k) => `Сейчас бережность важнее скорости: наблюдайте ${p}, отдыхайте и держитесь за ${k.acc}.`,
    (p, k) => `Не торопите себя ${p}: сначала силы и ясность, потом шаги, а ${k.nom} помогут дождаться.`,
  ],
};
const FAREWELL: readonly Line[] = [
  (c, k) => `Я с вами, и пусть ${sub(c)} напоминает о главном: ${k.nom}.`,
  (c, k) => `Обнимаю вас; запомните ${acc(c)} — в ней ${k.nom}.`,
  (c, k) => `Берегите себя, а когда будет трудно, вспомните ${acc(c)}: ${k.nom}.`,
];
/** The other cards on a sensitive theme: named, never read as a warning. */
const CARE_QUIET: readonly ((cs: readonly ReadCard[]) => string)[] = [
  (cs) => `${cs.length > 1 ? `Карты ${names(cs)} говорят` : `${Sub(cs[0])} говорит`} о вашем настрое, а не о том, чем всё закончится.`,
  (cs) => `Остальное в раскладе (${names(cs)}) — про ваши чувства сейчас, и их можно просто заметить.`,
  (cs) => `${cs.length > 1 ? `О картах ${names(cs)}` : `О карте ${nom(cs[0])}`} скажу одно: это про то, как вам сейчас, а не про исход.`,
];
const HOLD_ON: readonly ((k: Kw) => string)[] = [
  (k) => `Я с вами; держитесь за ${k.acc} — сейчас этого достаточно.`,
  (k) => `Обнимаю вас, и пусть рядом будут ${k.nom}.`,
  (k) => `Трудные карты не отменяют главного: у вас есть ${k.nom}.`,
];
const CARE_STEP: readonly ((pro: Professional, k: Kw) => string)[] = [
  (pro, k) => `Мой совет: доверьте главный вопрос ${pro.dat} и не оставайтесь с ним одни; рядом пусть будут те, кто дарит ${k.acc}.`,
  (pro, k) => `Поговорите с ${pro.inst} — просить помощи это сила. А для души держитесь за ${k.acc}.`,
];

/** What a spread with no card on the person's side still leaves them (the gentle voice never offers a hardship as support). */
const STILL: readonly Kw[] = [
  { nom: 'терпение и забота о себе', acc: 'терпение и заботу о себе' },
  { nom: 'близкие люди и их участие', acc: 'близких людей и их участие' },
  { nom: 'время и тишина', acc: 'время и тишину' },
  { nom: 'ваша выдержка и честность с собой', acc: 'вашу выдержку и честность с собой' },
];

export function gentleOpinion(kit: Kit): { cards: string[]; advice: string[] } {
  const { plan, pick, stance } = kit;
  const said = new Set<ReadCard>();
  const best = plan.support[0] ?? plan.key;
  said.add(best);
  if (stance.kind === 'open') said.add(stance.card);
  // Warm words come from a supporting card only; without one, from what is left to lean on.
  const words = (c: ReadCard, want?: 'good' | 'bad' | 'any') =>
    want === 'good' && c.valence <= 0 ? pick('still', STILL) : kit.words(c, want);
  const warm = words(best, 'good');
  const lead = plan.support[0] ? pick('first', SUPPORT_FIRST)(best, warm) : pick('first-hard', NO_SUPPORT_FIRST)(best, kit.words(best));
  const body: string[] = [];
  // Support gets the room: every card on the person's side (up to three) has a sentence of its own.
  for (const c of rest(plan.support, said).slice(0, 3)) {
    said.add(c);
    body.push(pick('more', MORE_SUPPORT)(c, words(c, 'good')));
  }
  // What is hard, once, and never on a sensitive theme (no warning card beside a question of health or a pregnancy).
  const hard = stance.kind === 'care' ? undefined : rest(plan.opposition, said)[0];
  if (hard) {
    said.add(hard);
    body.push(pick('tender', TENDER)(hard, words(hard, 'bad')));
  }
  const others = rest(kit.ctx.cards, said);
  if (others.length && stance.kind === 'care') body.push(pick('care-quiet', CARE_QUIET)(others));
  else if (others.length) body.push(pick('quiet', QUIET)(others, words(others.find((c) => c.valence > 0) ?? others[0])));
  const cards = [`${lead} ${answer(kit, stance, words(best, 'good'))}`];
  if (body.length) cards.push(body.join(' '));
  const step =
    stance.kind === 'care'
      ? pick('care-step', CARE_STEP)(stance.pro, words(best, 'good'))
      : pick(`care-for:${plan.haste}`, CARE_FOR[plan.haste])(kit.place, words(best, 'good'));
  const bye = plan.support[0] ? pick('farewell', FAREWELL)(best, words(best, 'good')) : pick('farewell-hard', HOLD_ON)(words(best, 'good'));
  return { cards, advice: [`${step} ${bye}`] };
}
