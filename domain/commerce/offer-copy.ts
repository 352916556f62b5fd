// The offers' words by tone (the A/B copy test) and the pitch to a free user. Apart from domain/commerce/marketing.ts,
// whose few static lines the home screen shows: these are built from the catalogue's claims.
import { PRODUCT_INFO, WEEK_DAYS } from './catalogue';
import { readingsAuthorLine, upgradeFeatures } from './claims';
import type { Tone } from './pricing';

/** Copy banks by tone: micro offer, week offer, reveal call to action, paywall, reminder, disclaimer. */
export const COPY: Record<Tone, { micro: string; week: string; revealCta: string; paywall: string; reminder: string; disclaimer: string }> =
  {
    romance: {
      micro: 'Ещё две карты и личный совет — чтобы понять, что чувствует ваше сердце сегодня.',
      week: 'Неделя безлимита: спрашивайте карты о любви и отношениях сколько угодно.',
      revealCta: 'Открыть ещё 2 карты',
      paywall: 'Узнайте больше о своих чувствах и отношениях',
      reminder: 'Карты ждут вас: личный совет на сегодня готов.',
      disclaimer: readingsAuthorLine(true),
    },
    mystic: {
      micro: 'Две дополнительные карты и персональный совет откроют скрытые знаки этого дня.',
      week: `${PRODUCT_INFO.week.name}: расклады без ограничений и полные толкования на ${WEEK_DAYS} дней.`,
      revealCta: 'Открыть тайну ещё 2 карт',
      paywall: 'Загляните глубже в знаки судьбы',
      reminder: 'Звёзды выстроились: ваш расклад ждёт.',
      disclaimer: readingsAuthorLine(true),
    },
  };

/** The copy bank a user is shown: without an AI provider the disclaimer does not say an AI writes readings. */
export const copyFor = (tone: Tone, aiEnabled: boolean) => ({ ...COPY[tone], disclaimer: readingsAuthorLine(aiEnabled) });

/** The pitch to a free user: what VIP opens beyond the free plan (domain/commerce/claims.ts). */
export const VIP_BENEFITS: readonly string[] = upgradeFeatures('free', 'vip');
