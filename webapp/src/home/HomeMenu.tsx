// Home's main menu: every section with a line on what it holds, and the plan (VIP with its price for a free
// user, managing it for a paid one).
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { SECTION_NAMES, SECTION_PROMISES, SPREAD_COUNT, tierName } from '../../../domain/commerce/catalogue';
import type { UserStatus } from '../api';
import { Icon, type IconName } from '../components/Icon';
import { usePrices } from '../payments/prices';

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

export function HomeMenu({ s }: { s: UserStatus | undefined }) {
  const [, navigate] = useLocation();
  return (
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
      <PlanAction s={s} />
    </nav>
  );
}

/** The plan's entry: VIP with its price for a free user, «Управление подпиской» for a paid one. */
function PlanAction({ s }: { s: UserStatus | undefined }) {
  const [, navigate] = useLocation();
  const paid = !!s && s.subscriptionType !== 'free';
  // The price of the plan the VIP entry names, as the user would pay it (loaded only when it is shown).
  const vipPrice = usePrices(!!s && !paid).monthly('vip');
  return (
    <>
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
    </>
  );
}
