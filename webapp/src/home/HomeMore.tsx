// Home below its first screen, a chunk of its own so that the greeting and today's card need less code: the
// streak and the moon, the install offer, the main menu (with the VIP price), the figures the server counted,
// the guarantees and the footer links.
import type { ComponentProps, ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { SECTION_NAMES, SECTION_PROMISES, SPREAD_COUNT, tierName } from '../../../domain/commerce/catalogue';
import { GUARANTEE, TRUST } from '../../../domain/commerce/marketing';
import { Icon, type IconName } from '../components/Icon';
import { ProofStrip } from '../components/ProofStrip';
import { HomeScreenOffer, MoonCard, StreakCard } from './Ritual';
import { usePrices } from '../payments/prices';
import type { UserStatus } from '../api';
import { ReportOffer } from '../report/ReportOffer';

/** One entry of the main menu: an icon, a title and a line under it, and a chevron. */
function Action(props: {
  icon: IconName;
  title: string;
  sub: ReactNode;
  onClick: () => void;
  testId: string;
  className?: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      className={`action${props.className ? ` ${props.className}` : ''}`}
      disabled={props.disabled}
      onClick={props.onClick}
      data-testid={props.testId}
    >
      <span className="action-icon">
        <Icon name={props.icon} />
      </span>
      <span className="action-body">
        <span className="action-title">{props.title}</span>
        <span className="action-sub">{props.sub}</span>
      </span>
      <span className="chevron" aria-hidden="true">
        ›
      </span>
    </button>
  );
}

export default function HomeMore({ s, proof }: { s: UserStatus | undefined; proof: ComponentProps<typeof ProofStrip>['items'] }) {
  const [, navigate] = useLocation();
  const paid = !!s && s.subscriptionType !== 'free';
  // The price of the plan the VIP entry names, as the user would pay it (loaded only when it is shown).
  const vipPrice = usePrices(!!s && !paid).monthly('vip');
  return (
    <>
      {s && <ReportOffer />}

      <section className="ritual" aria-label="Ритуал дня">
        {s && <StreakCard s={s} />}
        <MoonCard />
        {s && <HomeScreenOffer s={s} />}
      </section>

      <nav className="actions" aria-label="Главное меню">
        <Action
          icon="orb"
          title="Все расклады"
          sub={`${SPREAD_COUNT} видов раскладов на выбор`}
          className="action-spread"
          onClick={() => navigate('/spread-menu')}
          testId="personal-spread"
        />
        <Action
          icon="scroll"
          title={SECTION_NAMES.archive}
          sub={SECTION_PROMISES.archive}
          onClick={() => navigate('/history')}
          testId="history-link"
        />
        <Action
          icon="calendar"
          title={SECTION_NAMES.journal}
          sub={SECTION_PROMISES.journal}
          onClick={() => navigate('/journal')}
          testId="journal-link"
        />
        <Action
          icon="eye"
          title="Библиотека карт"
          sub="78 карт, их значения и урок дня"
          onClick={() => navigate('/library')}
          testId="library-link"
        />
        <Action
          icon="heart"
          title="Расклад на двоих"
          sub="Совместимость карт и общий расклад с партнёром"
          onClick={() => navigate('/pairs')}
          testId="pairs-link"
        />
        <Action
          icon="heart"
          title="Люди"
          sub="Близкие, о которых вы спрашиваете карты"
          onClick={() => navigate('/people')}
          testId="people-link"
        />
        <Action
          icon="orb"
          title="Свои расклады"
          sub="Конструктор раскладов · VIP"
          onClick={() => navigate('/my-spreads')}
          testId="my-spreads-link"
        />
        <Action
          icon="sparkle"
          title="Пригласить друзей"
          sub="Первый расклад друга — ещё один расклад вам обоим"
          onClick={() => navigate('/invite')}
          testId="invite-link"
        />
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
        {s && paid && (
          <Action
            icon="gear"
            title="Управление подпиской"
            sub={tierName(s.subscriptionType)}
            onClick={() => navigate('/subscription')}
            testId="manage-subscription"
          />
        )}
      </nav>

      {/* Counted by the server (the status carries it); hidden while the numbers are small. */}
      <ProofStrip items={proof} testId="home-proof" />

      <section className="trust" aria-label="Гарантии">
        {TRUST.map((t) => (
          <span key={t.text}>
            <Icon name={t.icon} size={20} /> {t.text}
          </span>
        ))}
      </section>

      <section className="guarantee">
        <span className="guarantee-icon">
          <Icon name="shield" size={26} />
        </span>
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
    </>
  );
}
