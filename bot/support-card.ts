// What the operators and the user read in the support desk: the card over each relayed message (the
// conversation, who wrote, their plan, their last payments) and the texts the user gets. Russian, Telegram HTML.
import { formatRuDate } from '../domain/text/time';
import type { SupportCard } from '../services/support';
import { money } from './features/stats';
import { escapeHtml } from './format';

const OPERATOR_TZ = 'Europe/Moscow';

const PROVIDERS: Record<string, string> = { stars: 'Telegram Stars', yookassa: 'ЮKassa', mock: 'тестовый (mock)' };

const STATUSES: Record<SupportCard['conversation']['status'], string> = { open: 'ждёт ответа', answered: 'отвечено', closed: 'закрыто' };

const time = (d: Date) =>
  new Intl.DateTimeFormat('ru-RU', { timeZone: OPERATOR_TZ, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);

function planLine(p: SupportCard['plan']): string {
  if (p.special) return `💎 План: ${escapeHtml(p.name)} + особый доступ (всё, что открывает VIP)`;
  if (p.tier === 'free') return '💎 План: Бесплатный';
  const until = p.expires ? ` до ${formatRuDate(p.expires, OPERATOR_TZ)} ${time(p.expires)} МСК` : '';
  return `💎 План: ${escapeHtml(p.name)}${until}${p.autoRenew ? ', продлевается автоматически' : ', без автопродления'}`;
}

/** The header over a user's message in the operators' chat. */
export function cardHtml(c: SupportCard): string {
  const u = c.user;
  const name = [u.firstName, u.lastName].filter(Boolean).join(' ') || 'без имени';
  const lines = [
    `📨 <b>Обращение №${c.conversation.number}</b> · ${STATUSES[c.conversation.status]}`,
    `👤 ${escapeHtml(name)}${u.username ? ` (@${escapeHtml(u.username)})` : ''} · id <code>${u.id}</code>`,
    planLine(c.plan),
  ];
  if (!c.payments.length) lines.push('💳 Платежей нет.');
  else {
    lines.push('💳 Последние платежи (МСК):');
    for (const p of c.payments) {
      const status =
        p.status === 'refunded' ? 'возвращён' : p.notGranted ? `оплачен, доступ не выдан (${escapeHtml(p.notGranted)})` : 'оплачен';
      lines.push(
        `• ${formatRuDate(p.at, OPERATOR_TZ)} ${time(p.at)} · ${escapeHtml(p.product)} · ${money(p.amountMinor, p.currency)} · ${PROVIDERS[p.provider] ?? escapeHtml(p.provider)} · ${status}`,
      );
    }
  }
  return lines.join('\n');
}

/** How an operator answers, under each relayed message. */
export const answerHint = (n: number) =>
  `<i>Ответьте на это сообщение, чтобы написать пользователю, или /reply ${n} текст; /close ${n} — закрыть обращение.</i>`;

/** What the user reads after /paysupport or /support. */
export function openedHtml(o: { number: number; created: boolean; payment: boolean; answerWithin: string }): string {
  const title = o.payment ? '💳 <b>Поддержка по оплате</b>' : '💬 <b>Поддержка</b>';
  const lines = [
    `${title} · обращение №${o.number}${o.created ? '' : ' (уже открыто)'}`,
    '',
    o.payment
      ? 'Напишите, что случилось: что купили, когда и что пошло не так. Можно приложить снимок экрана или чек.'
      : 'Напишите свой вопрос; можно приложить снимок экрана.',
    `Всё, что вы напишете в этот чат, пока обращение открыто, получат операторы поддержки. Ответ придёт сюда же, ${o.answerWithin}.`,
    'Команды бота работают как обычно. Когда вопрос решён, нажмите «Завершить обращение».',
  ];
  if (o.payment) {
    lines.push(
      '',
      'Покупки в Telegram Stars возвращаются на ваш баланс Stars. Подписку можно отменить в приложении: доступ сохранится до конца оплаченного периода.',
    );
  }
  return lines.join('\n');
}

/** No operator configured (or none reachable): where to write instead. */
export function noDeskHtml(email: string | null, answerWithin: string, payment: boolean): string {
  const where = email
    ? `Напишите, пожалуйста, на почту <b>${escapeHtml(email)}</b>: что купили, когда и что пошло не так. Ответим ${answerWithin}.`
    : 'Контакты поддержки пока не указаны. Реквизиты и способы связи — на странице «Контакты» в приложении.';
  return [
    payment ? '💳 <b>Поддержка по оплате</b>' : '💬 <b>Поддержка</b>',
    '',
    'Сейчас обращения в этом чате никто не принимает, поэтому сообщения сюда не дойдут до людей.',
    where,
  ].join('\n');
}
