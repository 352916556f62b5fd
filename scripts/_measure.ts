import { composeReading } from '/work/wt/variety/domain/reading';
import { promptCards, type ReadingPromptInput } from '/work/wt/variety/domain/reading/prompts';
import { seededDeal, seededRandom } from '/work/wt/variety/domain/reading/seeded-deal';
import { SPREADS } from '/work/wt/variety/domain/tarot/spreads';
const Q = [
  'Будет ли наш брак счастливым?','Сдам ли я на права с первого раза?','Вернётся ли ко мне бывший?','Уволят ли меня в этом месяце?',
  'Получу ли я повышение?','Помиримся ли мы с подругой?','Как наладить отношения с сестрой?','Остаться в этом городе или переехать?',
  'Когда я встречу свою любовь?','Что меня ждёт в работе?','Почему у нас с мамой постоянные ссоры?','Стоит ли брать кредит на машину?',
  'Как мне восстановить силы?','В чём моё предназначение?','Что он ко мне чувствует?','Чего мне ждать в ближайшие месяцы?',
  'Боюсь, что проект провалится — так ли это?','Как помочь сыну с учёбой?','Поступлю ли я в университет?','Как мне поступить?',
];
const mask = (t: string) => t.replace(/^## .*$/gm,'').replace(/\*\*[^*]+\*\*/g,'X').replace(/«[^»]*»/g,'Q').split(/(?<=[.!?])\s+/).map(s=>s.trim()).filter(Boolean);
const N = Number(process.argv[2] ?? 300);
const only = process.argv[3];
const t0 = process.cpuUsage();
for (const spread of SPREADS) {
  if (only && spread.id !== only) continue;
  const r = seededRandom(11);
  const count = new Map<string, number>();
  for (let k = 0; k < N; k++) {
    const firstMonth = spread.id === 'year_forecast' ? 1 + r(12) : null;
    const input: ReadingPromptInput = { spreadType: spread.id, question: Q[r(Q.length)], level: r(2) ? 'premium':'basic', cards: promptCards(spread.id, seededDeal(spread.cards, r), firstMonth), firstMonth };
    for (const s of new Set(mask(composeReading(input)))) count.set(s, (count.get(s) ?? 0) + 1);
  }
  const top = [...count].sort((a,b)=>b[1]-a[1]).filter(([,c])=>c > N*0.05);
  console.log(`\n== ${spread.id}: worst ${(100*(top[0]?.[1]??0)/N).toFixed(1)}%, over5: ${top.length}`);
  for (const [s,c] of top.slice(0, Number(process.env.TOP ?? 15))) console.log(`${(100*c/N).toFixed(1)}\t${s}`);
}
const u = process.cpuUsage(t0); console.log('cpu', (u.user+u.system)/1e6);
