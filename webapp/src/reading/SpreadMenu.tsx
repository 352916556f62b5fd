// Spread selection: every spread marked free, paid or VIP-only; the header shows the spreads
// left today or a countdown to new ones (the status reloads when it ends). A spread the plan does not
// include leads to the subscription screen; the server checks all of it again when the reading is created.
import { canUseSpread } from '../../../domain/commerce/entitlement';
import { SPREADS } from '../../../domain/tarot/spreads';
import { Countdown } from '../components/Countdown';
import { ErrorBlock } from '../components/ErrorBlock';
import { Page } from '../components/Page';
import { LockedSpreadSheet } from './LockedSpreadSheet';
import { SpreadMenuItem } from './SpreadMenuItem';
import { useSpreadMenu } from './useSpreadMenu';
import '../owndeck/own-deck.css';

export default function SpreadMenu() {
  const m = useSpreadMenu();
  const { navigate, data, error, reload, s, entitlement, noneLeft, vipPrice, notice, setNotice, locked, setLocked } = m;

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

      <DeckMode ownDeck={m.ownDeck} setOwnDeck={m.setOwnDeck} />

      <ul className="spread-list">
        {SPREADS.map((spread) => (
          <SpreadMenuItem
            key={spread.id}
            spread={spread}
            locked={!!entitlement && !canUseSpread(entitlement, spread).ok}
            disabled={!s}
            onChoose={() => m.choose(spread)}
          />
        ))}
      </ul>

      {locked && s && (
        <LockedSpreadSheet
          locked={locked}
          subscriptionType={s.subscriptionType}
          vipPrice={vipPrice}
          onSubscribe={() => navigate('/subscription')}
          onClose={() => setLocked(null)}
        />
      )}
    </Page>
  );
}

/** Whose cards: the app's deck, or «Своя колода» (the user lays out a physical deck and enters the cards). */
function DeckMode({ ownDeck, setOwnDeck }: { ownDeck: boolean; setOwnDeck: (own: boolean) => void }) {
  return (
    <>
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
    </>
  );
}
