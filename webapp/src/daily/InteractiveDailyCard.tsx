// The interactive daily card: tap to draw (a 1.5 s spinner; the server deals), the card
// and a short AI message, the micro pack paywall with its 15-minute promo, the week offer, and the detailed
// day analysis (paid plans, a week pass or a micro pack; locked for everyone else).
import { MICRO_PACK, PLAN_ACCESS, PRODUCT_INFO } from '../../../domain/commerce/catalogue';
import { microContents } from '../../../domain/commerce/claims';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { ApiError, dailyCardAvailable, drawDailyCard, type DailyCardView } from '../api';
import { CardFace } from './CardFace';
import { CardBack } from '../components/CardImage';
import { CrisisHelp } from '../components/CrisisHelp';
import type { CrisisAnswer } from '../../../domain/reading/crisis';
import { ErrorBlock } from '../components/ErrorBlock';
import { Icon } from '../components/Icon';
import { Page } from '../components/Page';
import { RichText } from '../components/RichText';
import { keys, useApi } from '../data';
import { afterDailyCard, useStatus } from '../hooks/useStatus';
import { haptic } from '../telegram/bridge';
import {
  detailedGuidance,
  getMicroOffer,
  getPricing,
  interpretDailyCard,
  microCta,
  revealMicro,
  saveReading,
  track,
  createOneTime,
  type MicroReveal,
} from '../payments/client';
import { MicroCards, MicroSpreadButton, OfferTimer, useWeekPurchase } from '../payments/components';
import { PriceNote, pricesFor } from '../payments/prices';
import { preferredProvider, returnUrlFor, runCheckout } from '../payments/pay';
import { markMicroPending } from '../payments/storage';
import { loadPaidState } from '../payments/daily-paid';
import { WeekOffer } from '../payments/WeekOffer';
import '../payments/paid.css';

export const DRAW_DELAY_MS = 1500;
const INTERPRETATION_ERROR = 'Произошла ошибка при получении толкования';
const GUIDANCE_EMPTY = 'Подробная интерпретация временно недоступна';
const GUIDANCE_ERROR = 'Ошибка получения подробной интерпретации';

type Phase =
  | { kind: 'checking' }
  | { kind: 'idle' }
  | { kind: 'drawing' }
  | { kind: 'revealed'; card: DailyCardView }
  | { kind: 'error'; message: string };

/** The micro-result address: it passes the result screen's access guard and names the reading. */
export function microResultPath(userId: number | null, readingId: number): string {
  const q = new URLSearchParams({
    product: 'micro',
    user_data: JSON.stringify({ initialScreen: 'micro-result', userId, readingId }),
    readingId: String(readingId),
    v: String(Date.now()),
  });
  return `/micro-result?${q.toString()}`;
}

export default function InteractiveDailyCard() {
  const [, navigate] = useLocation();
  const { data } = useStatus();
  const userId = data?.user.id ?? null;
  const tier = data?.userStatus.subscriptionType ?? 'free';
  // Today's card, if it was already drawn (here or on the simple daily card), is shown at once, face up.
  const today = useApi(keys.dailyCard, dailyCardAvailable);
  // A draw on this screen decides the phase; before it, today's availability does.
  const [drawn, setPhase] = useState<Phase | null>(null);
  const phase: Phase =
    drawn ??
    (today.data?.today
      ? { kind: 'revealed', card: today.data.today }
      : today.data || today.error
        ? { kind: 'idle' }
        : { kind: 'checking' });
  const card = phase.kind === 'revealed' ? phase.card.card : null;
  // Once the card is known: prices, the micro offer, what was bought for it, and the cards' short message.
  const { data: pricing = null } = useApi(card ? keys.pricing : null, getPricing);
  // A plan that opens the extra cards free (the week pass, VIP) is never offered the pack.
  const microIncluded = (PLAN_ACCESS as Record<string, { microWithoutPaying: boolean } | undefined>)[tier]?.microWithoutPaying ?? false;
  const { data: offer = null, reload: reloadOffer } = useApi(card && !microIncluded ? keys.microOffer : null, getMicroOffer);
  const paid = useApi(card ? keys.dailyEntitlements(card.cardId) : null, loadPaidState);
  // The message is written once per card: reopening the screen shows it again rather than asking the AI anew.
  const message = useApi(
    card ? keys.dailyMessage(`${card.cardId}-${card.orientation}`) : null,
    () => interpretDailyCard({ cardName: card!.name, cardMeaning: card!.fullMeaning, context: 'interactive_daily_card' }),
    { revalidateIfStale: false },
  );
  const note: { text: string; error?: boolean } | null = !card
    ? null
    : message.data
      ? { text: message.data.interpretation || card.keywords.join(', ') }
      : message.error
        ? { text: `${INTERPRETATION_ERROR}. Ключевые слова карты: ${card.keywords.join(', ')}.`, error: true }
        : null;
  const ent = paid.data?.ent ?? null;
  // A reading saved here for the micro pack stands for the one found when the card was opened.
  const [savedId, setReadingId] = useState<number | null>(null);
  const readingId = savedId ?? paid.data?.readingId ?? null;
  // The pack's cards: the server's answer, or the week pass's reveal made on this screen.
  const [weekReveal, setMicro] = useState<MicroReveal | null>(null);
  const micro = weekReveal ?? paid.data?.reveal ?? null;
  const [buying, setBuying] = useState(false);
  const { busy: weekBusy, message: weekMessage, buy: onWeek } = useWeekPurchase(pricing, 'interactive_daily_card');
  const [guidance, setGuidance] = useState<
    | { kind: 'closed' }
    | { kind: 'plans' }
    | { kind: 'loading' }
    | { kind: 'done'; text: string }
    | { kind: 'error'; message: string }
    /** The plans spoke of a crisis: the help lines instead of an analysis. */
    | { kind: 'crisis'; answer: CrisisAnswer }
  >({
    kind: 'closed',
  });
  const [plans, setPlans] = useState('');
  const offerTracked = useRef(false);
  const weekTracked = useRef(false);

  const draw = () => {
    // After a failed draw the card can be tapped again.
    if (phase.kind !== 'idle' && phase.kind !== 'error') return;
    setPhase({ kind: 'drawing' });
    haptic('draw');
    const started = Date.now();
    drawDailyCard(false)
      .then(async (c) => {
        const wait = DRAW_DELAY_MS - (Date.now() - started);
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        haptic('reveal');
        setPhase({ kind: 'revealed', card: c });
        afterDailyCard(c);
      })
      .catch((e: ApiError) => {
        haptic('error');
        setPhase({ kind: 'error', message: e.message });
      });
  };

  useEffect(() => {
    if (card) track('saw_free_card', { cardName: card.name });
  }, [card?.cardId]);

  useEffect(() => {
    if (!offer || !ent || offerTracked.current) return;
    offerTracked.current = true;
    track('offer_shown_micro', { price_variant: offer.abMicroVariant, tone: offer.abTone, eligible: !ent.hasMicroForCurrentQuestion });
  }, [offer, ent]);

  // In the hour after a purchase the server says no upsell: no offer box, no timer.
  const showWeek = !!ent && !!pricing && (tier === 'week' || (tier === 'free' && pricing.upsell));
  useEffect(() => {
    if (!showWeek || weekTracked.current) return;
    weekTracked.current = true;
    track('saw_week_offer', { source: 'interactive_daily_card' });
    track('upsell_shown_week', { source: 'interactive_daily_card', priceWeek: pricing?.week.price });
  }, [showWeek]);

  // A week pass or VIP opens the extra cards of the reading found for this card without paying.
  useEffect(() => {
    if (!readingId || !ent?.microWithoutPaying || micro) return;
    revealMicro(readingId)
      .then(setMicro)
      .catch(() => {});
  }, [readingId, ent?.microWithoutPaying]);

  /** The reading the micro pack belongs to: the one saved for this card, or a new saved daily reading. */
  const ensureReading = async (): Promise<number> => {
    if (readingId) return readingId;
    const saved = await saveReading({
      title: `Карта дня: ${card!.name}`,
      cards: [card!.name],
      interpretation: note?.text,
      spreadType: 'free_daily',
    });
    setReadingId(saved.readingId);
    return saved.readingId;
  };

  const buyMicro = async () => {
    if (!card || buying) return;
    setBuying(true);
    microCta().catch(() => {});
    track('clicked_mini_cta', { price_variant: offer?.abMicroVariant, tone: offer?.abTone, price: offer?.price });
    try {
      const id = await ensureReading();
      const context = { cardName: card.name, cardMeaning: card.fullMeaning, dailyContext: note?.text ?? '', readingId: id };
      markMicroPending(id, context);
      const path = microResultPath(userId, id);
      const answer = await createOneTime({
        product: 'micro',
        mode: 'redirect',
        context,
        returnUrl: returnUrlFor(path),
        readingId: id,
        provider: preferredProvider(pricing),
      });
      const outcome = await runCheckout(answer);
      if (outcome.kind === 'redirecting') return;
      if (outcome.kind === 'paid' || outcome.kind === 'already' || outcome.kind === 'pending') return navigate(path);
      setBuying(false);
    } catch {
      // Micro flow errors are swallowed; the offer stays for another try.
      setBuying(false);
    }
  };

  const askGuidance = async (withPlans: boolean) => {
    if (!card) return;
    setGuidance({ kind: 'loading' });
    try {
      const r = await detailedGuidance({ cardName: card.name, cardMeaning: card.fullMeaning, dailyPlans: withPlans ? plans.trim() : '' });
      setGuidance(r.guidance ? { kind: 'done', text: r.guidance } : { kind: 'error', message: GUIDANCE_EMPTY });
    } catch (e) {
      if (e instanceof ApiError && e.status === 402) return navigate('/subscription');
      if (e instanceof ApiError && e.crisis) return setGuidance({ kind: 'crisis', answer: e.crisis });
      setGuidance({ kind: 'error', message: e instanceof ApiError && e.status === 0 ? GUIDANCE_ERROR : GUIDANCE_EMPTY });
    }
  };

  // Prices as the user pays them (Stars in Telegram, roubles in a browser), from the server's answers.
  const { mode, show, note: priceNote } = pricesFor(pricing);
  const entitledMicro = !!ent && (ent.hasMicroForCurrentQuestion || ent.microWithoutPaying);
  // A countdown only for a real discount: the promo price lower than the regular one.
  const promoOn = !!offer && offer.promoActive && !!offer.expiresAt && offer.tag.rub < offer.regularTag.rub;
  const promoEnded = !!offer && offer.hasPromo && !offer.promoActive;

  return (
    <Page back={() => navigate('/')} testId="interactive-daily-card" className="interactive">
      <header className="screen-head">
        <span className="screen-icon">
          <Icon name="sun" size={30} />
        </span>
        <h1 className="title">Карта дня</h1>
        {/* The invitation to draw stands only above a card still face down. */}
        {!card && <p className="hint">Вытяните карту и узнайте, что готовит вам этот день.</p>}
      </header>

      {/* Today's card could not be checked (no network): the card may still be drawn, or the check retried. */}
      {today.error && !today.data && !drawn && <ErrorBlock message={today.error.message} onRetry={today.reload} />}

      {phase.kind === 'checking' && (
        <div className="draw-area">
          <span className="spinner spinner-lg" role="status" aria-label="Проверяем карту дня…" />
        </div>
      )}

      {phase.kind !== 'revealed' && phase.kind !== 'checking' && (
        <div className="draw-area">
          {phase.kind === 'drawing' ? (
            <span className="spinner spinner-lg" role="status" aria-label="Карта открывается…" data-testid="draw-spinner" />
          ) : (
            <button type="button" className="daily-back" onClick={draw} aria-label="Вытянуть карту" data-testid="draw-card">
              <CardBack size="large" />
            </button>
          )}
          <p className="deck-hint">{phase.kind === 'drawing' ? 'Карта открывается…' : 'Сосредоточьтесь и коснитесь карты'}</p>
          {phase.kind === 'error' && (
            <p className="pay-message" role="alert">
              {phase.message}
            </p>
          )}
        </div>
      )}

      {card && (
        <>
          <CardFace card={card} nameTestId="interactive-card-name" />
          {phase.kind === 'revealed' && phase.card.milestone && (
            <p className="milestone" role="status" data-testid="streak-milestone">
              {phase.card.milestone}
            </p>
          )}
          <div className="ai-note" data-testid="ai-note">
            {note ? <RichText text={note.text} /> : <span className="spinner" role="status" aria-label="Карты говорят…" />}
          </div>

          {micro ? (
            <section className="stack" data-testid="micro-inline">
              <MicroCards
                cards={micro.cards.map((c) => ({ name: c.name, image: c.imgUrl, orientation: c.orientation, label: c.label }))}
                advice={micro.advice.text}
              />
              <MicroSpreadButton spread={micro.spread} />
            </section>
          ) : (
            offer?.upsell &&
            ent &&
            !entitledMicro && (
              <section className="offer-box" data-testid="micro-offer">
                <p className="kicker">{PRODUCT_INFO.micro.name}</p>
                <h2>Ещё {MICRO_PACK.extraCards} карты + личный совет</h2>
                {pricing && <p className="hint">{pricing.copy.micro}</p>}
                <ul className="check-list" data-testid="micro-contents">
                  {microContents().map((c) => (
                    <li key={c}>{c}</li>
                  ))}
                </ul>
                <div className="price-row">
                  <span className="price-main" data-testid="micro-price">
                    {show(offer.tag)}
                  </span>
                  {promoOn && <span className="price-usual">{show(offer.regularTag)}</span>}
                  <PriceNote text={priceNote(offer.tag)} />
                </div>
                {promoOn ? (
                  <p className="hint">
                    Специальная цена ещё{' '}
                    <OfferTimer until={new Date(offer.expiresAt!).getTime()} onEnd={reloadOffer} testId="micro-timer" />
                  </p>
                ) : (
                  promoEnded && (
                    <p className="offer-ended" data-testid="micro-promo-ended">
                      Специальная цена закончилась
                    </p>
                  )
                )}
                <button type="button" className="btn btn-gold btn-block" onClick={buyMicro} disabled={buying} data-testid="micro-buy">
                  {buying ? 'Переходим к оплате…' : `${pricing?.copy.revealCta ?? 'Открыть ещё 2 карты'} — ${show(offer.tag)}`}
                </button>
              </section>
            )
          )}

          {ent?.microWithoutPaying ? (
            <section className="offer-box" data-testid={ent.hasActiveWeek ? 'week-active' : 'plan-includes-micro'}>
              <h2>{ent.hasActiveWeek ? 'Неделя безлимита активна' : 'VIP активен'}</h2>
              <p className="hint">Дополнительные карты и расклады открыты без оплаты.</p>
              {!micro && (
                <button
                  type="button"
                  className="btn btn-primary btn-block"
                  onClick={async () => {
                    const id = await ensureReading().catch(() => null);
                    if (id)
                      revealMicro(id)
                        .then(setMicro)
                        .catch(() => {});
                  }}
                  data-testid="week-reveal"
                >
                  Открыть карты
                </button>
              )}
            </section>
          ) : (
            showWeek && <WeekOffer week={pricing!.week.tag} mode={mode} busy={weekBusy} onBuy={onWeek} message={weekMessage} />
          )}

          <section className="panel stack" data-testid="guidance">
            {ent?.detailedGuidance ? (
              <>
                {guidance.kind === 'closed' && (
                  <button
                    type="button"
                    className="btn btn-primary btn-block"
                    onClick={() => setGuidance({ kind: 'plans' })}
                    data-testid="guidance-open"
                  >
                    Подробный анализ дня
                  </button>
                )}
                {guidance.kind === 'plans' && (
                  <div className="plans-input">
                    <label htmlFor="daily-plans">Ваши планы на сегодня (необязательно)</label>
                    <textarea
                      id="daily-plans"
                      className="textarea"
                      maxLength={500}
                      rows={3}
                      value={plans}
                      onChange={(e) => setPlans(e.target.value)}
                      placeholder="Например: важная встреча, разговор с близким, тренировка"
                      data-testid="guidance-plans"
                    />
                    <div className="row">
                      <button type="button" className="btn btn-secondary" onClick={() => askGuidance(false)} data-testid="guidance-skip">
                        Пропустить
                      </button>
                      <button type="button" className="btn btn-primary" onClick={() => askGuidance(true)} data-testid="guidance-submit">
                        Получить анализ
                      </button>
                    </div>
                  </div>
                )}
                {guidance.kind === 'loading' && <span className="spinner spinner-lg" role="status" aria-label="Готовим анализ…" />}
                {guidance.kind === 'done' && <RichText text={guidance.text} testId="guidance-text" />}
                {guidance.kind === 'crisis' && <CrisisHelp answer={guidance.answer} />}
                {guidance.kind === 'error' && (
                  <p className="pay-message" role="alert" data-testid="guidance-error">
                    {guidance.message}
                  </p>
                )}
              </>
            ) : (
              <>
                <p className="hint" data-testid="guidance-why">
                  Подробный анализ дня по вашей карте открывается с подпиской или после покупки микро-пакета.
                </p>
                <button
                  type="button"
                  className="btn btn-secondary btn-block locked"
                  onClick={() => navigate('/subscription')}
                  data-testid="guidance-locked"
                >
                  <Icon name="lock" size={16} /> Подробный анализ дня — с подпиской
                </button>
              </>
            )}
          </section>
        </>
      )}
    </Page>
  );
}
