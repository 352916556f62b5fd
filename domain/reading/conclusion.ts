// The conclusion answers first: for a yes/no question a leaning and how strong it is, for a choice which
// way the cards lean, for «when» a pace, otherwise a short answer in the question's topic; then the advice.
// Basic: two or three sentences; premium: five to seven.
import { SUIT_INFO } from './facts';
import { balanceOf, bold, subj, type Ctx, type ReadCard } from './context';
import { joinRu } from './picker';
import { TOPIC_SCOPE } from './topics';
import type { Topic } from './question';
import type { Suit } from '../types';

function answer(ctx: Ctx, b: number): string {
  const scope = TOPIC_SCOPE[ctx.q.topic];
  const key = keyCard(ctx);
  switch (ctx.q.kind) {
    case 'yesno':
      if (b >= 1) return 'Ответ карт — да, и довольно уверенное.';
      if (b >= 0.35) return 'Карты склоняются к ответу «да», хотя и с оговорками.';
      if (b > -0.35) return 'Однозначного «да» или «нет» карты не дают: чаши весов почти уравновешены, и решающим станет ваш следующий шаг.';
      if (b > -1) return 'Карты склоняются к ответу «нет» — по крайней мере, в нынешних обстоятельствах.';
      return 'Ответ карт скорее «нет», и довольно определённый: сейчас не время настаивать.';
    case 'decision':
      if (b >= 0.35) return `Карты поддерживают решение, которое ведёт к тому, что несёт ${bold(key)}: расклад в целом благоприятен, и выбор, сделанный сейчас, скорее окупится.`;
      if (b <= -0.35) return 'С решением карты советуют не спешить: опор в раскладе меньше, чем препятствий, и простой на вид вариант может обойтись дороже.';
      return 'Оба пути открыты, и ни один не закрыт картами; выбирайте тот, где больше свободы и меньше страха.';
    case 'timing':
      return timing(ctx);
    default:
      if (b >= 0.35) return `Коротко: ${scope} карты смотрят в вашу сторону, и ${subj(key)} это подтверждает.`;
      if (b <= -0.35) return `Коротко: ${scope} сейчас период испытаний, но он проходим, и ${subj(key)} показывает, где ключ.`;
      return `Коротко: ${scope} всё ещё решается, и многое зависит от ваших шагов.`;
  }
}

function timing(ctx: Ctx): string {
  const counts = new Map<Suit, number>();
  for (const c of ctx.cards) counts.set(c.card.suit, (counts.get(c.card.suit) ?? 0) + 1);
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'major';
  switch (top) {
    case 'wands':
      return 'По срокам расклад быстрый: речь скорее о днях или неделях, чем о месяцах.';
    case 'swords':
      return 'По срокам — скоро, но после важного разговора или решения: в пределах нескольких недель.';
    case 'cups':
      return 'По срокам — тогда, когда вы будете к этому готовы душой: скорее в ближайшие месяц-два.';
    case 'pentacles':
      return 'По срокам — не быстро: это вопрос нескольких месяцев и терпения.';
    default:
      return 'Точной даты карты не называют: событие придёт в свой срок, и торопить его бесполезно.';
  }
}

/** The card the answer leans on: the outcome, or the last card. */
const keyCard = (ctx: Ctx) => ctx.cards.find((c) => c.role === 'outcome') ?? ctx.cards[ctx.cards.length - 1];

/** Whether the answer sentence already named the key card. */
function answerNamesKey(ctx: Ctx, b: number): boolean {
  if (ctx.q.kind === 'open') return Math.abs(b) >= 0.35;
  return ctx.q.kind === 'decision' && b >= 0.35;
}

function advice(ctx: Ctx, b: number): string {
  // The advice position when the spread has one; otherwise the most supportive card the answer did not name.
  const key = keyCard(ctx);
  const ranked = [...ctx.cards].reverse().sort((x, y) => y.valence - x.valence);
  const candidates = answerNamesKey(ctx, b) ? ranked.filter((x) => x !== key) : ranked;
  const c: ReadCard = ctx.cards.find((x) => x.role === 'advice') ?? candidates[0] ?? key;
  if (c.tone === 'light') return `Совет карт — опереться на то, что несёт ${subj(c)}: ${ctx.kw(c)}.`;
  if (c.tone === 'mixed') return `Совет карт — не торопиться и держать в фокусе то, о чём говорит ${subj(c)}: ${ctx.kw(c)}.`;
  return `Совет карт — заметить, где в вашей жизни проявляются ${ctx.kw(c)}, и не отдавать этому право решать за вас.`;
}

const STEPS: Record<Topic, string> = {
  love: 'Практический шаг — начать разговор первым и говорить о своих чувствах, а не о претензиях.',
  work: 'Практический шаг — записать три конкретные задачи на ближайшую неделю и начать с той, что ближе всего к цели.',
  money: 'Практический шаг — посчитать, куда уходят деньги за месяц, и только потом решать о крупных тратах.',
  health: 'Практический шаг — вернуть себе полноценный сон и одну ежедневную привычку, которая даёт силы.',
  self: 'Практический шаг — выделять полчаса тишины в день и записывать, что приходит на ум.',
  general: 'Практический шаг — выбрать одно действие, которое можно сделать уже сегодня, и сделать его.',
};

function evidence(ctx: Ctx): string | null {
  const pro = ctx.cards.filter((c) => c.valence > 0).sort((a, b) => b.valence - a.valence).slice(0, 2);
  const contra = ctx.cards.filter((c) => c.valence < 0).sort((a, b) => a.valence - b.valence).slice(0, 1);
  const many = pro.length > 1;
  if (pro.length && contra.length)
    return `За благоприятный исход ${many ? 'говорят' : 'говорит'} ${joinRu(pro.map(bold))}, а осторожности требует ${subj(contra[0])}.`;
  if (pro.length) return `Поддержку ${many ? 'дают' : 'даёт'} ${joinRu(pro.map(bold))}, и в раскладе нет карты, которая бы ${many ? 'им' : 'ей'} возражала.`;
  if (contra.length) return `Главное возражение здесь — ${bold(contra[0])}, и с ним стоит считаться.`;
  return null;
}

function yearShape(ctx: Ctx): string | null {
  const months = ctx.cards.filter((c) => c.role === 'month');
  if (months.length < 2) return null;
  const best = [...months].sort((a, b) => b.valence - a.valence)[0];
  const worst = [...months].sort((a, b) => a.valence - b.valence)[0];
  if (best.valence === worst.valence) return 'Месяцы года ровные, без резких взлётов и провалов.';
  return `Самое светлое время года — ${best.positionName.toLowerCase()}, а больше всего бережности потребует ${worst.positionName.toLowerCase()}.`;
}

export function conclusion(ctx: Ctx): string {
  const b = balanceOf(ctx);
  const out: string[] = [answer(ctx, b)];
  if (!ctx.premium) {
    out.push(advice(ctx, b));
    if (ctx.cards.length > 1) out.push(STEPS[ctx.q.topic]);
    return out.join(' ');
  }
  const why = evidence(ctx);
  if (why) out.push(why);
  const shape = yearShape(ctx);
  if (shape) out.push(shape);
  else {
    const suits = ctx.cards.filter((c) => c.card.suit !== 'major');
    if (suits.length) {
      const counts = new Map<Exclude<Suit, 'major'>, number>();
      for (const c of suits) counts.set(c.card.suit as Exclude<Suit, 'major'>, (counts.get(c.card.suit as Exclude<Suit, 'major'>) ?? 0) + 1);
      const [first, second] = [...counts.entries()].sort((a, z) => z[1] - a[1]);
      if (!second || first[1] > second[1]) out.push(`Решается всё прежде всего в сфере, где живут ${SUIT_INFO[first[0]].sphere}.`);
      else out.push('Масти распределены ровно: вопрос затрагивает сразу несколько сторон жизни, и одна не решит за другие.');
    } else out.push('Все карты — старшие арканы: ситуация судьбоносная, и спешка ей не поможет.');
  }
  out.push(advice(ctx, b));
  out.push(STEPS[ctx.q.topic]);
  out.push(b >= 0 ? 'Карты показывают тенденцию, а не приговор, и сейчас она на вашей стороне.' : 'Карты показывают тенденцию, а не приговор: изменив шаги, вы измените и итог.');
  return out.join(' ');
}
