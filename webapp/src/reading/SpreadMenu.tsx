// Spread selection: every spread marked free, paid or VIP-only; the header shows the spreads
// left today or a countdown to new ones (the status reloads when it ends). A spread the plan does not
// include leads to the subscription screen; the server checks all of it again when the reading is created.
import { PRODUCT_INFO } from '../../../domain/commerce/catalogue';
import { spreadLevelOpenedBy } from '../../../domain/commerce/claims';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { SPREADS } from '../../../domain/tarot/spreads';
import { canUseSpread, entitlementFor, spreadLimitText } from '../../../domain/commerce/entitlement';
import type { SpreadDefinition } from '../../../domain/types';
import { Countdown } from '../components/Countdown';
import { ErrorBlock } from '../components/ErrorBlock';
import { Icon, SpreadIcon } from '../components/Icon';
import { Page } from '../components/Page';
import { chooseSpread, getFlow } from '../flow';
import { useStatus } from '../hooks/useStatus';
import { usePrices } from '../payments/prices';
import '../owndeck/own-deck.css';
import { haptic } from '../telegram/bridge';
import { cardsWord } from '../../../domain/text/plural';

const ACCESS_MARK: Record<SpreadDefinition['access'], { label: string; className: string }> = {
  free: { label: 'Бесплатно', className: 'mark-free' },
  paid: { label: `С ${PRODUCT_INFO.basic.name}`, className: 'mark-paid' },
  vip: { label: `Только ${PRODUCT_INFO.vip.name}`, className: 'mark-vip' },
};

/** What the user has now, said under the lock. */
const PLAN_LINE: Record<string, string> = {
  free: 'Сейчас у вас бесплатный доступ: один простой расклад в день.',
  week: `Сейчас у вас «${PRODUCT_INFO.week.name}».`,
  basic: `Сейчас у вас ${PRODUCT_INFO.basic.name}.`,
};

export default function SpreadMenu() {
  const [, navigate] = useLocation();
  const { data, error, reload } = useStatus({ fresh: true });
  const [notice, setNotice] = useState<string | null>(null);
  const [locked, setLocked] = useState<{ spread: SpreadDefinition; vip: boolean } | null>(null);
  // «Свой расклад»: the user lays out a physical deck and enters the cards (a spread of the plan all the same).
  const [ownDeck, setOwnDeck] = useState(() => !!getFlow().ownDeck);
  const s = data?.userStatus;
  const entitlement = s ? entitlementFor(s.subscriptionType, s.special) : null;
  const noneLeft = !!s && s.remainingSpreads <= 0;
  // The VIP price for the pitches (not loaded for VIP users, who see none).
  const vipPrice = usePrices(!!s && s.subscriptionType !== 'vip' && !s.special).monthly('vip');

  function choose(spread: SpreadDefinition) {
    if (!s || !entitlement) return;
    haptic('select');
    const verdict = canUseSpread(entitlement, spread);
    if (!verdict.ok) {
      // Say why first; the subscription screen only on request.
      setLocked({ spread, vip: verdict.reason === 'needs_vip' });
      return;
    }
    if (noneLeft) {
      setNotice(spreadLimitText(spread.isFree && s.subscriptionType === 'free'));
      return;
    }
    chooseSpread(spread.id, ownDeck);
    navigate('/question');
  }

  return (
    <Page back={() => navigate('/')} loading={!data && !error} testId="spread-menu">
      <h1 className="title">Выберите расклад</h1>
      {s && (
        <p className={`menu-quota ${noneLeft ? 'is-empty' : ''}`} data-testid="spread-quota">
          {noneLeft ? (
            <>
              Новые расклады через <Countdown until={s.resetsAt} onEnd={() => void reload()} testId="spread-countdown" />
            </>
          ) : s.maxDailySpreads >= 999 ? (
            'Безлимитные расклады'
          ) : (
            `Осталось раскладов сегодня: ${s.remainingSpreads}`
          )}
        </p>
      )}
      {notice && s && (
        <div className="notice" role="status" data-testid="limit-notice">
          <p>
            {notice} Новые расклады через{' '}
            <Countdown
              until={s.resetsAt}
              onEnd={() => {
                setNotice(null);
                void reload();
              }}
            />
            .
          </p>
          {s.subscriptionType === 'free' && (
            <button type="button" className="btn btn-gold" onClick={() => navigate('/subscription')}>
              {vipPrice ? `Безлимит с VIP за ${vipPrice}` : 'Безлимит с VIP'}
            </button>
          )}
        </div>
      )}
      {error && <ErrorBlock message={error.message} onRetry={() => void reload()} />}

      <div className="deck-mode" role="group" aria-label="Чьи карты">
        <button
          type="button"
          className={`deck-mode-btn ${ownDeck ? '' : 'is-on'}`}
          aria-pressed={!ownDeck}
          onClick={() => setOwnDeck(false)}
          data-testid="mode-app-deck"
        >
          Карты приложения
        </button>
        <button
          type="button"
          className={`deck-mode-btn ${ownDeck ? 'is-on' : ''}`}
          aria-pressed={ownDeck}
          onClick={() => setOwnDeck(true)}
          data-testid="mode-own-deck"
        >
          Своя колода
        </button>
      </div>
      {ownDeck && (
        <p className="hint deck-mode-hint" data-testid="own-deck-hint">
          Разложите свою колоду и отметьте, какие карты легли: толкование будет по ним. Расклад считается как обычный.
        </p>
      )}

      <ul className="spread-list">
        {SPREADS.map((spread) => {
          const mark = ACCESS_MARK[spread.access];
          const locked = !!entitlement && !canUseSpread(entitlement, spread).ok;
          return (
            <li key={spread.id}>
              <button
                type="button"
                className={`spread-item ${locked ? 'is-locked' : ''}`}
                onClick={() => choose(spread)}
                disabled={!s}
                data-testid={`spread-${spread.id}`}
              >
                <span className="spread-icon">
                  <SpreadIcon spreadType={spread.id} size={24} />
                </span>
                <span className="spread-body">
                  <span className="spread-name">{spread.name}</span>
                  <span className="spread-desc">{spread.description}</span>
                  <span className="spread-meta">
                    <span className={`mark ${mark.className}`}>{mark.label}</span>
                    <span className="spread-count">
                      {spread.cards} {cardsWord(spread.cards)}
                    </span>
                    {locked && (
                      <span className="lock" role="img" aria-label="Нужна подписка">
                        <Icon name="lock" size={16} />
                      </span>
                    )}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>

      {locked && s && (
        <div className="sheet-backdrop" onClick={() => setLocked(null)}>
          <section
            className="sheet"
            role="dialog"
            aria-modal="true"
            aria-labelledby="locked-title"
            onClick={(e) => e.stopPropagation()}
            data-testid="locked-spread"
          >
            <span className="screen-icon">
              <Icon name="lock" size={26} />
            </span>
            <h2 id="locked-title">
              «{locked.spread.name}» — {locked.vip ? 'только для VIP' : 'с подпиской'}
            </h2>
            <p data-testid="locked-why">
              {locked.vip
                ? `Этот расклад открывает только ${spreadLevelOpenedBy('vip')}. ${PLAN_LINE[s.subscriptionType] ?? ''}`
                : `Этот расклад открывают ${spreadLevelOpenedBy('paid')}. ${PLAN_LINE[s.subscriptionType] ?? ''}`}
            </p>
            <button
              type="button"
              className="btn btn-gold btn-block"
              onClick={() => navigate('/subscription')}
              data-testid="locked-subscribe"
            >
              {locked.vip
                ? vipPrice
                  ? `${PRODUCT_INFO.vip.name} за ${vipPrice}`
                  : `Посмотреть ${PRODUCT_INFO.vip.name}`
                : 'Посмотреть подписки'}
            </button>
            <button type="button" className="btn btn-secondary btn-block" onClick={() => setLocked(null)} data-testid="locked-close">
              Не сейчас
            </button>
          </section>
        </div>
      )}
    </Page>
  );
}
