// The simple daily card: checking → a face-down card to tap → revealed (image, name, the full meaning). Once
// drawn, today's card is what this screen shows all day (home's «Открыть», the bot's buttons and the push
// open it here); paid users may draw again. The detailed advice says before the tap what it costs: the micro
// pack with its price, or nothing for a user who has it (a plan with the day analysis, or a pack bought).
import { useState } from 'react';
import { useLocation } from 'wouter';
import { dailyCardAvailable, drawDailyCard, saveDailyNote, type ApiError, type DailyCardAvailability, type DailyCardView } from '../api';
import type { CrisisAnswer } from '../../../domain/reading/crisis';
import { NOTE_MAX } from '../../../domain/tarot/journal';
import { CrisisHelp } from '../components/CrisisHelp';
import { RichText } from '../components/RichText';
import { detailedGuidance } from '../payments/client';
import { CardFace } from './CardFace';
import { MICRO_PACK, PRODUCT_INFO } from '../../../domain/commerce/catalogue';
import { CardBack } from '../components/CardImage';
import { Countdown } from '../components/Countdown';
import { ErrorBlock } from '../components/ErrorBlock';
import { Icon } from '../components/Icon';
import { Page } from '../components/Page';
import { keys, useApi } from '../data';
import { afterDailyCard, afterDailyNote } from '../hooks/useStatus';
import { loadPaidState } from '../payments/daily-paid';
import { tagOf, usePrices } from '../payments/prices';
import { haptic } from '../telegram/bridge';

type State =
  | { kind: 'checking' }
  | { kind: 'available'; info: DailyCardAvailability }
  | { kind: 'revealing'; info: DailyCardAvailability }
  | { kind: 'revealed'; card: DailyCardView }
  | { kind: 'error'; message: string; retry: () => void };

/** A draw on this screen: under way from the face-down card, done, or failed. */
type Draw =
  | { kind: 'none' }
  | { kind: 'revealing' }
  | { kind: 'drawn'; card: DailyCardView }
  | { kind: 'failed'; message: string; redraw: boolean };

export default function DailyCard() {
  const [, navigate] = useLocation();
  const { data: info, error, isValidating, reload } = useApi(keys.dailyCard, dailyCardAvailable);
  const [draw, setDraw] = useState<Draw>({ kind: 'none' });

  const reveal = (redraw: boolean, fromBack = false) => {
    if (fromBack) setDraw({ kind: 'revealing' });
    haptic('draw');
    drawDailyCard(redraw)
      .then((card) => {
        haptic('reveal');
        setDraw({ kind: 'drawn', card });
        afterDailyCard(card);
      })
      .catch((e: ApiError) => {
        haptic('error');
        setDraw({ kind: 'failed', message: e.message, redraw });
      });
  };

  const state: State =
    draw.kind === 'failed'
      ? { kind: 'error', message: draw.message, retry: () => reveal(draw.redraw) }
      : draw.kind === 'drawn'
        ? { kind: 'revealed', card: draw.card }
        : !info && (!error || isValidating)
          ? { kind: 'checking' }
          : !info
            ? { kind: 'error', message: error!.message, retry: reload }
            : draw.kind === 'revealing'
              ? { kind: 'revealing', info }
              : info.today
                ? { kind: 'revealed', card: info.today }
                : { kind: 'available', info };

  const card = state.kind === 'revealed' ? state.card : null;
  const free = card ? !card.canRedraw : state.kind === 'available' ? !state.info.canRedraw : true;
  const prices = usePrices(!!card);
  const basicPrice = free ? prices.monthly('basic') : null;
  // What was bought for today's card (the same answer the advice screen reads): no price for who has it.
  const paid = useApi(card ? keys.dailyEntitlements(card.card.cardId) : null, loadPaidState);
  const hasAdvice = !!paid.data && (!!paid.data.ent?.detailedGuidance || !!paid.data.reveal);
  // A plan with the day analysis (VIP, a week pass) opens it here, one tap away.
  const hasAnalysis = !!paid.data?.ent?.detailedGuidance;
  const microPrice = prices.pricing?.micro.available && paid.data && !hasAdvice ? prices.show(tagOf(prices.pricing, 'micro')) : null;

  return (
    <Page back={() => navigate('/')} loading={state.kind === 'checking'} testId="daily-card" className="daily">
      <header className="screen-head">
        <span className="screen-icon">
          <Icon name="moon" size={30} />
        </span>
        <h1 className="title">Карта дня</h1>
        <p className="hint">Послание, которое карты приготовили вам на сегодня.</p>
      </header>

      {state.kind === 'checking' && (
        <div className="center">
          <span className="spinner spinner-lg" role="status" aria-label="Проверяем…" />
        </div>
      )}

      {state.kind === 'error' && <ErrorBlock message={state.message} onRetry={state.retry} />}

      {(state.kind === 'available' || state.kind === 'revealing') && (
        <div className="daily-pick">
          <button
            type="button"
            className={`daily-back ${state.kind === 'revealing' ? 'is-revealing' : ''}`}
            onClick={() => state.kind === 'available' && reveal(false, true)}
            disabled={state.kind === 'revealing'}
            aria-label="Открыть карту дня"
            data-testid="daily-card-back"
          >
            <CardBack size="large" />
          </button>
          <p className="deck-hint">{state.kind === 'revealing' ? 'Карта открывается…' : 'Сосредоточьтесь и коснитесь карты'}</p>
        </div>
      )}

      {state.kind === 'revealed' && (
        <>
          <CardFace card={state.card.card} nameTestId="daily-card-name">
            <p className="daily-meaning" data-testid="daily-card-meaning">
              {state.card.today.paragraph}
            </p>
          </CardFace>
          {!state.card.canRedraw && (
            <p className="hint center" data-testid="daily-next">
              Эта карта с вами весь день. Новая — через <Countdown until={state.card.resetsAt} onEnd={reload} testId="daily-countdown" />
            </p>
          )}
          {state.card.milestone && (
            <p className="milestone" role="status" data-testid="streak-milestone">
              <span aria-hidden="true">🔥 </span>
              {state.card.milestone}
            </p>
          )}
          <section className="panel stack daily-reflect" aria-labelledby="daily-question-title">
            <p className="kicker" id="daily-question-title">
              Вопрос дня
            </p>
            <p className="daily-question" data-testid="daily-question">
              {state.card.today.question}
            </p>
            <DailyNote key={state.card.date} saved={state.card.note} onJournal={() => navigate('/journal')} />
          </section>
          {hasAnalysis && <DayAnalysis card={state.card.card} />}
          <div className="stack">
            {/* At most one paid offer: the advice for this card when it is for sale, else more cards with Basic. */}
            {hasAdvice && !hasAnalysis ? (
              <button
                type="button"
                className="btn btn-secondary btn-block"
                onClick={() => navigate('/interactive-daily-card')}
                data-testid="daily-advice"
              >
                Открыть подробный совет
              </button>
            ) : microPrice ? (
              <>
                <p className="hint center" data-testid="daily-advice-what">
                  Платно: {PRODUCT_INFO.micro.name} — ещё {MICRO_PACK.extraCards} карты и личный совет на день
                </p>
                <button
                  type="button"
                  className="btn btn-secondary btn-block"
                  onClick={() => navigate('/interactive-daily-card')}
                  data-testid="daily-advice"
                >
                  {`Подробный совет — ${microPrice}`}
                </button>
              </>
            ) : (
              free &&
              paid.data &&
              !hasAdvice && (
                <button
                  type="button"
                  className="btn btn-secondary btn-block"
                  onClick={() => navigate('/subscription')}
                  data-testid="daily-more"
                >
                  {/* Basic is the cheapest plan that draws again; the pitch names the plan whose price it quotes. */}
                  {basicPrice ? `Больше карт в день — Basic за ${basicPrice}` : 'Больше карт в день'}
                </button>
              )
            )}
            {state.card.canRedraw && (
              <button type="button" className="btn btn-secondary btn-block" onClick={() => reveal(true)} data-testid="daily-redraw">
                Выбрать новую карту
              </button>
            )}
          </div>
        </>
      )}
    </Page>
  );
}

/** The user's own line about today's card: saved on the day, listed in the journal. */
function DailyNote({ saved, onJournal }: { saved: string | null; onJournal: () => void }) {
  const [text, setText] = useState(saved ?? '');
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'saved' } | { kind: 'error'; message: string }>({
    kind: saved ? 'saved' : 'idle',
  });
  const save = () => {
    setState({ kind: 'saving' });
    saveDailyNote(text)
      .then((r) => {
        setText(r.note ?? '');
        setState({ kind: 'saved' });
        afterDailyNote(r.note);
      })
      .catch((e: ApiError) => setState({ kind: 'error', message: e.message }));
  };
  return (
    <div className="stack daily-note">
      <label htmlFor="daily-note">Ваша заметка о дне — она сохранится в дневнике</label>
      <textarea
        id="daily-note"
        className="textarea"
        rows={2}
        maxLength={NOTE_MAX}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (state.kind !== 'idle') setState({ kind: 'idle' });
        }}
        placeholder="Что вы заметили сегодня?"
        data-testid="daily-note"
      />
      {state.kind === 'saved' ? (
        <div className="row daily-note-done">
          <p className="hint" role="status" data-testid="daily-note-saved">
            Заметка в дневнике
          </p>
          <button type="button" className="btn btn-secondary" onClick={onJournal} data-testid="daily-note-journal">
            Открыть дневник
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={save}
          disabled={state.kind === 'saving' || (!text.trim() && !saved)}
          data-testid="daily-note-save"
        >
          {state.kind === 'saving' ? 'Сохраняем…' : 'Сохранить в дневник'}
        </button>
      )}
      {state.kind === 'error' && (
        <p className="pay-message" role="alert">
          {state.message}
        </p>
      )}
    </div>
  );
}

/** The day analysis of a plan that has it: one tap, written from this card (the server checks the plan). */
function DayAnalysis({ card }: { card: DailyCardView['card'] }) {
  const [state, setState] = useState<
    | { kind: 'closed' | 'loading' }
    | { kind: 'done'; text: string }
    | { kind: 'error'; message: string }
    | { kind: 'crisis'; answer: CrisisAnswer }
  >({ kind: 'closed' });
  const open = () => {
    setState({ kind: 'loading' });
    detailedGuidance({ cardName: card.name, cardMeaning: card.fullMeaning, dailyPlans: '' })
      .then((r) =>
        setState(
          r.guidance ? { kind: 'done', text: r.guidance } : { kind: 'error', message: 'Анализ дня сейчас недоступен, попробуйте позже' },
        ),
      )
      .catch((e: ApiError) =>
        setState(
          e.crisis
            ? { kind: 'crisis', answer: e.crisis }
            : { kind: 'error', message: e.message || 'Анализ дня сейчас недоступен, попробуйте позже' },
        ),
      );
  };
  return (
    <section className="panel stack" data-testid="daily-analysis">
      {state.kind === 'closed' && (
        <button type="button" className="btn btn-primary btn-block" onClick={open} data-testid="daily-analysis-open">
          Анализ дня
        </button>
      )}
      {state.kind === 'loading' && <span className="spinner spinner-lg" role="status" aria-label="Готовим анализ…" />}
      {state.kind === 'done' && <RichText text={state.text} testId="daily-analysis-text" />}
      {state.kind === 'crisis' && <CrisisHelp answer={state.answer} />}
      {state.kind === 'error' && (
        <>
          <p className="pay-message" role="alert">
            {state.message}
          </p>
          <button type="button" className="btn btn-secondary btn-block" onClick={open}>
            Повторить
          </button>
        </>
      )}
    </section>
  );
}
