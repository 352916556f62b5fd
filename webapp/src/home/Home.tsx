// Home (the "start" screen), built around today: the greeting with the free-spread and plan badges, today's
// card (drawn here, then reopenable), the one primary action «Задать вопрос», then (HomeMore.tsx) the streak
// and the moon, the spreads, the archive, the journal, settings, VIP access or the subscription, the figures
// the server counted and the guarantees.
import { lazy, Suspense, type HTMLAttributes } from 'react';
import { useLocation } from 'wouter';
import { formatRuDate } from '../../../domain/text/time';
import { tierName } from '../../../domain/commerce/catalogue';
import { Countdown } from '../components/Countdown';
import { ContinueReading } from '../components/ContinueReading';
import { ErrorBlock } from '../components/ErrorBlock';
import { Page } from '../components/Page';
import { useStatus } from '../hooks/useStatus';
import { readLaunchParams } from '../telegram/launch';
import { HomeDaily } from '../daily/HomeDaily';
import type { UserStatus } from '../api';

// Asked for when home's code loads, so it arrives while the first part renders.
const loadingMore = import('./HomeMore');
const HomeMore = lazy(() => loadingMore);

/** Home's own figures painted (Element Timing): the first-screen bench reports when, beside the greeting. */
// React's types do not know the attribute yet, so it is passed through a cast.
const STATUS_TIMING = { elementtiming: 'home-status' } as unknown as HTMLAttributes<HTMLElement>;

function SpreadBadge({ s, onEnd }: { s: UserStatus; onEnd: () => void }) {
  if (s.subscriptionType === 'free' && !s.special) {
    return s.freeSpreadAvailable ? (
      <p className="badge badge-ok" data-testid="free-spread-badge" {...STATUS_TIMING}>
        <span aria-hidden="true">✦</span> Бесплатный расклад доступен
      </p>
    ) : (
      <p className="badge badge-wait" data-testid="free-spread-badge" {...STATUS_TIMING}>
        Бесплатный расклад использован · новый через <Countdown until={s.resetsAt} onEnd={onEnd} testId="free-spread-countdown" />
      </p>
    );
  }
  if (s.maxDailySpreads >= 999)
    return (
      <p className="badge badge-ok" data-testid="free-spread-badge" {...STATUS_TIMING}>
        <span aria-hidden="true">∞</span> Безлимитные расклады
      </p>
    );
  return s.remainingSpreads > 0 ? (
    <p className="badge badge-ok" data-testid="free-spread-badge" {...STATUS_TIMING}>
      Осталось раскладов сегодня: {s.remainingSpreads} из {s.maxDailySpreads}
    </p>
  ) : (
    <p className="badge badge-wait" data-testid="free-spread-badge" {...STATUS_TIMING}>
      Расклады на сегодня закончились · новые через <Countdown until={s.resetsAt} onEnd={onEnd} testId="free-spread-countdown" />
    </p>
  );
}

export default function Home() {
  const { data, error, reload } = useStatus({ fresh: true });
  const [, navigate] = useLocation();
  const s = data?.userStatus;
  const paid = !!s && s.subscriptionType !== 'free';
  // The name from the launch data paints the greeting at once; the status call confirms it.
  const name = data?.user.firstName ?? readLaunchParams().firstName;

  return (
    <Page className="home" loading={!data && !error} testId="home">
      <header className="hero">
        <div className="hero-stars" aria-hidden="true" />
        <p className="hero-kicker">Таро · карты говорят</p>
        {/* A new element once the name is known: its paint is what the first-screen bench times (Element Timing). */}
        <h1 key={name ? 'named' : 'anonymous'} data-testid="greeting" {...(name ? { elementtiming: 'greeting' } : {})}>
          {name ? `Здравствуйте, ${name}!` : 'Добро пожаловать!'}
        </h1>
        <p className="hero-sub">Задайте вопрос — карты подскажут, куда смотреть.</p>
        <div className="hero-badges">
          {s && <SpreadBadge s={s} onEnd={() => void reload()} />}
          {s && paid && (
            <p className={`badge badge-plan${s.subscriptionType === 'week' ? ' badge-week' : ''}`} data-testid="plan-badge">
              {tierName(s.subscriptionType)}
              {s.subscriptionExpires ? ` до ${formatRuDate(s.subscriptionExpires, s.timeZone)}` : ''}
            </p>
          )}
        </div>
      </header>

      {error && (
        <ErrorBlock
          message={error.status === 401 ? 'Откройте приложение через Telegram, чтобы мы узнали вас.' : error.message}
          onRetry={() => void reload()}
        />
      )}

      <HomeDaily s={s} />

      {/* A reading dealt and never read: back to the same table. */}
      <ContinueReading />

      <button
        type="button"
        className="btn btn-primary btn-block home-ask"
        onClick={() => navigate('/spread-menu')}
        data-testid="ask-question"
      >
        Задать вопрос
      </button>

      {/* The rest of home (below the fold on a phone) is its own chunk, asked for as this module loads. */}
      <Suspense fallback={null}>
        <HomeMore s={s} proof={data?.proof.items} />
      </Suspense>
    </Page>
  );
}
