// Below the micro pack: a plan that opens the extra cards free says so (with a button to open them), else the
// week offer when it is shown.
import type { PriceMode } from '../../../domain/commerce/pricing';
import type { Pricing } from '../payments/client';
import { WeekOffer } from '../payments/WeekOffer';
import type { useDailyWeekOffer } from './useDailyWeekOffer';
import type { useMicroPack } from './useMicroPack';

interface Props {
  pack: ReturnType<typeof useMicroPack>;
  week: ReturnType<typeof useDailyWeekOffer>;
  pricing: Pricing | null;
  mode: PriceMode;
}

export function DailyWeekOffer({ pack, week, pricing, mode }: Props) {
  const { ent, micro } = pack;
  if (ent?.microWithoutPaying)
    return (
      <section className="offer-box" data-testid={ent.hasActiveWeek ? 'week-active' : 'plan-includes-micro'}>
        <h2>{ent.hasActiveWeek ? 'Неделя безлимита активна' : 'VIP активен'}</h2>
        <p className="hint">Дополнительные карты и расклады открыты без оплаты.</p>
        {!micro && (
          <button type="button" className="btn btn-primary btn-block" onClick={pack.revealFree} data-testid="week-reveal">
            Открыть карты
          </button>
        )}
      </section>
    );
  if (!week.showWeek) return null;
  return <WeekOffer week={pricing!.week.tag} mode={mode} busy={week.busy} onBuy={week.buy} message={week.message} />;
}
