// Home (the "start" screen), built around today: the greeting with the free-spread and plan badges, today's
// card (drawn here, then reopenable), the one primary action «Задать вопрос», the streak and the moon under it,
// then the rest: the spreads, the archive, the journal, settings, VIP access or the subscription, the figures
// the server counted and the guarantees.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { formatRuDate } from '../../../domain/time';
import { SECTION_NAMES, SECTION_PROMISES, SPREAD_COUNT, tierName } from '../../../domain/catalogue';
import { Countdown } from '../components/Countdown';
import { ErrorBlock } from '../components/ErrorBlock';
import { Icon, type IconName } from '../components/Icon';
import { Page } from '../components/Page';
import { GUARANTEE, TRUST } from '../../../domain/marketing';
import { ProofStrip } from '../components/ProofStrip';
import { useStatus } from '../hooks/useStatus';
import { usePrices } from '../payments/prices';
import { HomeScreenOffer, MoonCard, StreakCard } from '../components/Ritual';
import { readLaunchParams } from '../telegram/launch';
import { HomeDaily } from './HomeDaily';
import type { UserStatus } from '../api';


/** Home's own figures painted (Element Timing): the first-screen bench reports when, beside the greeting. */
const STATUS_TIMING = { elementtiming: 'home-status' } as {};

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

/** One entry of the main menu: an icon, a title and a line under it, and a chevron. */
function Action(props: { icon: IconName; title: string; sub: ReactNode; onClick: () => void; testId: string; className?: string; disabled?: boolean }) {
  return (
    <button type="button" className={`action${props.className ? ` ${props.className}` : ''}`} disabled={props.disabled} onClick={props.onClick} data-testid={props.testId}>
      <span className="action-icon"><Icon name={props.icon} /></span>
      <span className="action-body">
        <span className="action-title">{props.title}</span>
        <span className="action-sub">{props.sub}</span>
      </span>
      <span className="chevron" aria-hidden="true">›</span>
    </button>
  );
}

export default function Home() {
  const { data, error, reload } = useStatus({ fresh: true });
  const [, navigate] = useLocation();
  const s = data?.userStatus;
  const paid = !!s && s.subscriptionType !== 'free';
  // The price of the plan the VIP entry names, as the user would pay it (loaded only when it is shown).
  const vipPrice = usePrices(!!s && !paid).monthly('vip');
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

      <button type="button" className="btn btn-primary btn-block home-ask" onClick={() => navigate('/spread-menu')} data-testid="ask-question">
        Задать вопрос
      </button>

      <section className="ritual" aria-label="Ритуал дня">
        {s && <StreakCard s={s} />}
        <MoonCard />
        {s && <HomeScreenOffer s={s} />}
      </section>

      <nav className="actions" aria-label="Главное меню">
        <Action icon="orb" title="Все расклады" sub={`${SPREAD_COUNT} видов раскладов на выбор`} className="action-spread" onClick={() => navigate('/spread-menu')} testId="personal-spread" />
        <Action icon="scroll" title={SECTION_NAMES.archive} sub={SECTION_PROMISES.archive} onClick={() => navigate('/history')} testId="history-link" />
        <Action icon="cards" title={SECTION_NAMES.journal} sub={SECTION_PROMISES.journal} onClick={() => navigate('/journal')} testId="journal-link" />
        <Action icon="eye" title="Библиотека карт" sub="78 карт, их значения и урок дня" onClick={() => navigate('/library')} testId="library-link" />
        <Action icon="heart" title="Расклад на двоих" sub="Совместимость карт и общий расклад с партнёром" onClick={() => navigate('/pairs')} testId="pairs-link" />
        <Action
          icon="cards"
          title="Колода и настройки"
          sub={s?.deck === 'drawn' ? 'Колода: авторская' : 'Колода: классическая Райдера — Уэйта — Смит'}
          onClick={() => navigate('/settings')}
          testId="settings-link"
        />
        {s && !paid && (
          <Action
            icon="crown"
            title="VIP-доступ"
            sub={vipPrice ? `Все расклады и безлимитная карта дня · VIP за ${vipPrice}` : 'Все расклады и безлимитная карта дня'}
            className="action-vip"
            onClick={() => navigate('/subscription')}
            testId="vip-access"
          />
        )}
        {s && paid && <Action icon="gear" title="Управление подпиской" sub={tierName(s.subscriptionType)} onClick={() => navigate('/subscription')} testId="manage-subscription" />}
      </nav>

      {/* Counted by the server (the status carries it); hidden while the numbers are small. */}
      <ProofStrip items={data?.proof.items} testId="home-proof" />

      <section className="trust" aria-label="Гарантии">
        {TRUST.map((t) => (
          <span key={t.text}>
            <Icon name={t.icon} size={20} /> {t.text}
          </span>
        ))}
      </section>

      <section className="guarantee">
        <span className="guarantee-icon"><Icon name="shield" size={26} /></span>
        <div>
          <strong>{GUARANTEE.title}</strong>
          <p>{GUARANTEE.text}</p>
        </div>
      </section>

      <footer className="footer-links">
        <Link href="/natal-form">Натальная карта</Link>
        <Link href="/services">Тарифы</Link>
        <Link href="/terms" data-testid="terms-link">
          Пользовательское соглашение
        </Link>
        <Link href="/contacts" data-testid="contacts-link">
          Контакты
        </Link>
      </footer>
    </Page>
  );
}
