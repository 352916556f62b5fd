// /stats for ADMIN_USER_IDS: users, readings, paying users, revenue by product and push delivery. For
// anyone else the command does not exist: it falls through to the unhandled answer, revealing nothing.
import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { escapeHtml } from '../format';
import { productName } from '../../domain/commerce/claims';
import type { OperatorStats } from '../../services/stats';
import { appUrl } from '../keyboards';
import { pluralRu } from '../../domain/text/plural';

const composer = new Composer<BotContext>();
const feature = composer.chatType('private');

const PUSH_STATUSES: [string, string][] = [
  ['sent', 'отправлено'],
  ['pending', 'в очереди'],
  ['sending', 'отправляется'],
  ['skipped', 'пропущено (карта уже открыта, напоминания выключены, бот заблокирован)'],
  ['failed', 'не доставлено'],
];

const num = (n: number) => n.toLocaleString('ru-RU');

/** Minor units as money: kopecks as roubles, Stars as they are. */
export function money(amountMinor: number, currency: string): string {
  if (currency === 'XTR') return `${num(amountMinor)} ⭐`;
  const major = (amountMinor / 100).toLocaleString('ru-RU', { minimumFractionDigits: amountMinor % 100 ? 2 : 0, maximumFractionDigits: 2 });
  return currency === 'RUB' ? `${major} ₽` : `${major} ${escapeHtml(currency)}`;
}

const sumByCurrency = (rows: { currency: string; amount: number }[]) => {
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(r.currency, (sums.get(r.currency) ?? 0) + r.amount);
  return [...sums].map(([currency, amount]) => money(amount, currency)).join(', ');
};

export function formatStats(s: OperatorStats): string {
  const tz = escapeHtml(s.timeZone);
  const when = new Intl.DateTimeFormat('ru-RU', {
    timeZone: s.timeZone,
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(s.at);
  const out: string[] = [`📊 <b>Статистика</b> · ${escapeHtml(when)} (${tz})`, ''];

  out.push(`👥 <b>Пользователи</b>: всего ${num(s.users.total)}, новых сегодня ${num(s.users.newToday)}`);
  out.push(`Активных сегодня: ${num(s.users.activeToday)}`);
  out.push(
    `<i>Активные — пришли впервые, сделали расклад, открыли карту дня или оплатили с 00:00 (${tz}); открытие приложения без этих действий сервер не записывает.</i>`,
  );
  out.push('');

  out.push(`🃏 <b>Расклады</b>: сегодня ${num(s.readings.today)}, всего ${num(s.readings.total)}`);
  out.push('');

  const paying = s.paying.reduce((n, p) => n + p.users, 0);
  out.push(`💎 <b>Платящие сейчас</b> (план действует): ${num(paying)}`);
  for (const p of s.paying) out.push(`• ${escapeHtml(productName(p.plan))}: ${num(p.users)}`);
  out.push('');

  const real = s.revenue.filter((r) => r.provider !== 'mock');
  const mock = s.revenue.filter((r) => r.provider === 'mock').reduce((n, r) => n + r.count, 0);
  out.push('💰 <b>Выручка</b> (оплачено и не возвращено)');
  if (!real.length) out.push('Платежей пока нет.');
  const products = [...new Set(real.map((r) => r.product))];
  for (const product of products) {
    const parts = new Map<string, { count: number; amount: number }>();
    for (const r of real.filter((x) => x.product === product)) {
      const p = parts.get(r.currency) ?? { count: 0, amount: 0 };
      parts.set(r.currency, { count: p.count + r.count, amount: p.amount + r.amount });
    }
    const text = [...parts]
      .map(([currency, p]) => `${num(p.count)} ${pluralRu(p.count, 'платёж', 'платежа', 'платежей')} — ${money(p.amount, currency)}`)
      .join('; ');
    out.push(`• ${escapeHtml(productName(product))}: ${text}`);
  }
  if (real.length) {
    out.push(`Всего: ${sumByCurrency(real)}`);
    const today = real.filter((r) => r.countToday > 0).map((r) => ({ currency: r.currency, amount: r.amountToday }));
    out.push(`Сегодня: ${today.length ? sumByCurrency(today) : 'нет'}`);
  }
  if (s.refunded) out.push(`Возвращено платежей: ${num(s.refunded)}`);
  if (mock) out.push(`Тестовых (mock) платежей: ${num(mock)}, в выручку не входят`);
  out.push('');

  out.push('📬 <b>Пуши</b> по статусам: всего (из них созданы сегодня)');
  if (!s.push.length) out.push('Пушей пока не было.');
  for (const [status, label] of PUSH_STATUSES) {
    const p = s.push.find((x) => x.status === status);
    if (p) out.push(`• ${label}: ${num(p.total)} (${num(p.today)})`);
  }
  return out.join('\n');
}

const GUEST_KINDS: [kind: string, label: string][] = [
  ['daily', 'карта дня чата'],
  ['yesno', 'да или нет'],
  ['advice', 'совет'],
  ['sensitive', 'без прогноза (к специалисту)'],
  ['crisis', 'линии помощи'],
  ['limited', 'сверх минуты'],
];

/** Guest mode («Карта для чата») today, by kind: counts only, nothing from the chats is kept. */
export function formatGuestToday(counts: Record<string, number>): string {
  const parts = GUEST_KINDS.filter(([k]) => counts[k]).map(([k, label]) => `${label} — ${num(counts[k])}`);
  return `👥 <b>Карта для чата</b> сегодня: ${parts.length ? parts.join(', ') : 'вызовов не было'}`;
}

feature.command('stats', async (ctx, next) => {
  if (!ctx.from || !ctx.deps.services.admin.isAdmin(ctx.from.id)) return next();
  // The quick text view; the dashboard (/admin in the app) has the charts, the tests and the cohorts.
  const dashboard = appUrl(ctx.deps, '/admin');
  const [stats, guest] = await Promise.all([ctx.deps.services.stats.snapshot(), ctx.deps.services.guest.today()]);
  await ctx.reply(`${formatStats(stats)}\n\n${formatGuestToday(guest)}`, {
    parse_mode: 'HTML',
    ...(dashboard && { reply_markup: { inline_keyboard: [[{ text: 'Панель владельца', web_app: { url: dashboard } }]] } }),
  });
});

export { composer as statsFeature };
