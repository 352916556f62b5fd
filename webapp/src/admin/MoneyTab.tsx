// The dashboard's «Деньги» tab: the period's revenue figures and the revenue per day in roubles and in stars.
import { Figures, ruDate } from './ActivityTabs';
import { StackedChart } from './AdminChart';
import type { Money } from './admin-api';

const rub = (n: number) => `${n.toLocaleString('ru-RU', { maximumFractionDigits: 2 })} ₽`;
const PRODUCT_NAMES: Record<string, string> = { micro: 'Микро-расклад', week: 'Неделя', basic: 'Basic', vip: 'VIP' };

export function MoneyTab({ m }: { m: Money }) {
  const days = [...new Set(m.days.map((d) => d.day))];
  const products = [...new Set(m.days.map((d) => d.product))];
  const rows = (currency: string) =>
    days.map((day) => ({
      label: ruDate(day),
      tick: ruDate(day).slice(0, 5),
      values: Object.fromEntries(m.days.filter((d) => d.day === day && d.currency === currency).map((d) => [d.product, d.amount])),
    }));
  const series = (currency: string) =>
    products
      .filter((p) => m.days.some((d) => d.product === p && d.currency === currency))
      .map((p) => ({ key: p, label: PRODUCT_NAMES[p] ?? p }));
  return (
    <section className="panel" data-testid="admin-money">
      <Figures
        items={[
          ['Выручка, рубли', rub(m.revenueRub), 'revenue-rub'],
          ['Выручка, звёзды', `${m.revenueStars} зв. ≈ ${rub(m.revenueStars * m.starsRubRate)}`, 'revenue-stars'],
          ['Всего (оценка)', rub(m.estimateRub), 'revenue-total'],
          ['Платящих', String(m.payingUsers), 'paying'],
          ['Новых подписок', String(m.newPlans), 'new-plans'],
          ['Продлений', String(m.renewedPlans), 'renewed-plans'],
          ['Возвратов', `${m.refunds} (${rub(m.refundedRub)}${m.refundedStars ? `, ${m.refundedStars} зв.` : ''})`, 'refunds'],
          ['На платящего', rub(m.perPayingUser), 'arppu'],
        ]}
      />
      <StackedChart title="Выручка в рублях по дням" unit="₽" series={series('RUB')} rows={rows('RUB')} testId="admin-chart-rub" />
      <StackedChart title="Выручка в звёздах по дням" unit="зв." series={series('XTR')} rows={rows('XTR')} testId="admin-chart-stars" />
      <p className="hint">
        Звёзды в рублях — оценка по курсу {m.starsRubRate.toLocaleString('ru-RU')} ₽ за звезду. Тестовые платежи не учитываются,
        возвращённые — только как возвраты.
      </p>
    </section>
  );
}
