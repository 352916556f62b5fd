// The micro-result screen: resolve the reading id, guard access (a payment context is
// needed), poll the entitlements until the server confirms the purchase (25 attempts, min(1000 + 100 ×
// attempt, 2000) ms apart), reveal the cards the server dealt, and offer the week. The error texts are the
// spec's; nothing here decides access.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { DECK } from '../../../domain/deck';
import { ENTITLEMENT_POLL_ATTEMPTS } from '../../../domain/pricing';
import { Icon } from '../components/Icon';
import { Page } from '../components/Page';
import { invalidate, keys, useApi } from '../data';
import { useStatus } from '../hooks/useStatus';
import {
  debugMicroStatus,
  errorCode,
  getEntitlements,
  getPricing,
  getWeekUpsell,
  latestReading,
  revealMicro,
  saveReading,
  syncMethod,
  track,
  type Entitlements,
  type MicroReveal,
} from '../payments/client';
import { MICRO_ADVICE_DEFAULT, MicroCards, MicroSpreadButton, WeekUpsellBox, useWeekPurchase, type ShownCard } from '../payments/components';
import { clearMicroPending, microPaymentPending, pendingReadingId, rememberedDailyCard, rememberedDailyOrientation, toReadingId } from '../payments/storage';
import { waitFor } from '../payments/pay';
import { displayMode } from '../payments/prices';
import '../payments/paid.css';
import { debugEnabled } from '../debug/boot';

export const MICRO_ERRORS = {
  noReading: 'Не удаётся найти ID расклада. Попробуйте обновить страницу',
  noReadingHint: 'Система пытается восстановить связь с вашим раскладом. Нажмите «Попробовать снова» через несколько секунд.',
  notFound: 'Покупка временно не найдена. Так бывает сразу после оплаты: подождите 10–30 секунд и нажмите «Попробовать снова».',
  other: 'Временная проблема с загрузкой результата. Попробуйте обновить через несколько секунд. Ваша покупка сохранена и будет восстановлена.',
  notConfirmed: 'Оплата ещё не подтверждена. Если проблема сохраняется, обратитесь в поддержку.',
  checkFailed: 'Ошибка проверки статуса оплаты. Проверьте подключение к интернету и попробуйте снова.',
} as const;

const EMERGENCY_TITLE = 'Экстренный расклад';
const DEFAULT_CARD = 'Шут';

type View =
  | { kind: 'loading'; attempt: number }
  | { kind: 'timeout'; message: string | null; checking: boolean }
  | { kind: 'revealed'; cards: ShownCard[]; advice: string; readingId: number; spread: MicroReveal['spread'] }
  | { kind: 'error'; message: string; hint?: string };

/** Only one emergency reading at a time, even when two effects race. */
let emergencyInFlight: Promise<number> | null = null;

function emergencyReading(): Promise<number> {
  emergencyInFlight ??= saveReading({ title: EMERGENCY_TITLE, cards: [rememberedDailyCard() ?? DEFAULT_CARD], spreadType: 'free_daily' })
    .then((r) => r.readingId)
    .finally(() => {
      emergencyInFlight = null;
    });
  return emergencyInFlight;
}

function readQuery() {
  const q = new URLSearchParams(window.location.search);
  let userData: Record<string, unknown> = {};
  try {
    const raw = q.get('user_data');
    if (raw) userData = JSON.parse(raw) ?? {};
  } catch {
    userData = {};
  }
  return {
    product: q.get('product'),
    hasUserData: q.has('user_data'),
    readingId: toReadingId(q.get('readingId')) ?? toReadingId(userData.readingId),
    orderId: q.get('orderId') ?? undefined,
    paymentId: q.get('paymentId') ?? q.get('payment_id') ?? undefined,
    debug: q.get('debug') === '1',
  };
}

/** Step 1: URL readingId, then user_data.readingId, then the stored pending id, then the latest reading, else an emergency reading. */
async function resolveReadingId(fromUrl: number | null): Promise<number> {
  const known = fromUrl ?? pendingReadingId();
  if (known) return known;
  const latest = await latestReading().catch(() => null);
  if (latest) return latest.id;
  return emergencyReading();
}

/**
 * Step 5: the remembered card first (inserted when missing, the list cut to 3), labelled «Карта дня» and
 * «Дополнительная карта».
 */
function arrange(cards: { name: string; imgUrl: string; orientation: 'upright' | 'reversed'; meaning?: string }[]): ShownCard[] {
  const remembered = rememberedDailyCard();
  let list = cards.slice();
  if (remembered) {
    const i = list.findIndex((c) => c.name === remembered);
    if (i > 0) list = [list[i], ...list.slice(0, i), ...list.slice(i + 1)];
    if (i === -1) {
      const known = DECK.find((c) => c.name === remembered);
      if (known) {
        // The card keeps the orientation it was dealt with.
        const orientation = rememberedDailyOrientation();
        list = [{ name: known.name, imgUrl: known.image, orientation, meaning: orientation === 'reversed' ? known.reversedMeaning : known.meaning }, ...list];
      }
    }
  }
  return list.slice(0, 3).map((c, i) => ({
    name: c.name,
    image: c.imgUrl,
    orientation: c.orientation,
    meaning: c.meaning,
    label: i === 0 ? 'Карта дня' : `Дополнительная карта (${c.orientation === 'reversed' ? 'перевёрнутое положение' : 'прямое положение'})`,
  }));
}


export default function MicroResult() {
  const [, navigate] = useLocation();
  const { data } = useStatus();
  const [view, setView] = useState<View>({ kind: 'loading', attempt: 0 });
  const [readingId, setReadingId] = useState<number | null>(null);
  // The prices and the week offer shown under the result (a failed load shows no offer).
  const { data: pricing = null } = useApi(keys.pricing, getPricing);
  const { data: upsell = null } = useApi(keys.weekUpsell, getWeekUpsell);
  const [ent, setEnt] = useState<Entitlements | null>(null);
  const { busy: weekBusy, message: weekMessage, buy: onWeek } = useWeekPurchase(pricing, 'upsell_on_result');
  const run = useRef({ cancelled: false });
  const query = useRef(readQuery());

  const entitled = (e: Entitlements) => e.hasActiveWeek || e.hasMicroForCurrentQuestion || e.hasMicroPurchase;

  /** Steps 4–6: reveal; on 'reading not found' / 'micro not purchased' retry with the latest reading, then an emergency one. */
  const reveal = useCallback(async (id: number) => {
    const attempt = async (rid: number) => {
      const r = await revealMicro(rid);
      return { r, rid };
    };
    let result: Awaited<ReturnType<typeof attempt>>;
    try {
      result = await attempt(id);
    } catch (err) {
      const code = errorCode(err);
      const recoverable = code === 'reading_not_found' || code === 'micro_not_purchased' || /reading not found|micro not purchased/i.test((err as { detail?: string })?.detail ?? (err as Error)?.message ?? '');
      if (!recoverable) throw err;
      const latest = await latestReading().catch(() => null);
      const next = latest && latest.id !== id ? latest.id : await emergencyReading();
      result = await attempt(next);
    }
    const { r, rid } = result;
    setReadingId(rid);
    clearMicroPending();
    // The daily card's screen shows the pack as bought, not the offer.
    invalidate(keys.dailyEntitlementsPrefix, keys.microOffer);
    setView({ kind: 'revealed', cards: arrange(r.cards), advice: r.advice?.text || MICRO_ADVICE_DEFAULT, readingId: rid, spread: r.spread ?? null });
    const p = await getPricing().catch(() => null);
    track('micro_reveal_shown', { readingId: rid, currency: p?.currency ?? 'RUB', abMicroVariant: p?.abMicroVariant ?? 'A', abTone: p?.abTone ?? 'romance' });
  }, []);

  const fail = (err: unknown, id: number | null) => {
    const code = errorCode(err);
    const message =
      id === null ? MICRO_ERRORS.noReading : code === 'micro_not_purchased' || code === 'reading_not_found' || /not (purchased|found)/i.test((err as Error)?.message ?? '') ? MICRO_ERRORS.notFound : MICRO_ERRORS.other;
    track('micro_reveal_failed', { readingId: id, error: (err as Error)?.message ?? String(err) });
    setView({ kind: 'error', message, hint: id === null ? MICRO_ERRORS.noReadingHint : undefined });
  };

  const check = async (id: number) => {
    // Back from a card payment: the server re-reads that payment from the provider first.
    const q = query.current;
    if (q.orderId || q.paymentId) await syncMethod({ orderId: q.orderId, paymentId: q.paymentId }).catch(() => null);
    const e = await getEntitlements(id);
    setEnt(e);
    return e;
  };

  const start = useCallback(async () => {
    const token = { cancelled: false };
    run.current.cancelled = true;
    run.current = token;
    setView({ kind: 'loading', attempt: 0 });
    const q = query.current;

    // Step 2: the access guard.
    const viaReturn = q.product === 'micro' && q.hasUserData;
    if (!viaReturn && !microPaymentPending()) {
      clearMicroPending();
      track('micro_result_open_no_pending', { readingId: q.readingId });
      navigate('/interactive-daily-card', { replace: true });
      return;
    }

    let id: number | null = null;
    try {
      id = await resolveReadingId(q.readingId);
    } catch (err) {
      return fail(err, null);
    }
    if (token.cancelled) return;
    setReadingId(id);

    // Step 3: poll the entitlements.
    let attempt = 0;
    const confirmed = await waitFor(
      async () => {
        setView({ kind: 'loading', attempt: attempt++ });
        return entitled(await check(id));
      },
      ENTITLEMENT_POLL_ATTEMPTS,
      token,
    );
    if (token.cancelled) return;
    if (confirmed) {
      try {
        await reveal(id);
      } catch (err) {
        fail(err, id);
      }
      return;
    }
    if (!token.cancelled) setView({ kind: 'timeout', message: null, checking: false });
  }, [navigate, reveal]);

  useEffect(() => {
    void start();
    return () => {
      run.current.cancelled = true;
    };
  }, [start]);

  // The manual 'Refresh status' once polling gave up.
  const recheck = async () => {
    if (!readingId) return void start();
    setView({ kind: 'timeout', message: null, checking: true });
    try {
      const e = await check(readingId);
      if (!entitled(e)) return setView({ kind: 'timeout', message: MICRO_ERRORS.notConfirmed, checking: false });
      try {
        await reveal(readingId);
      } catch (err) {
        fail(err, readingId);
      }
    } catch {
      setView({ kind: 'timeout', message: MICRO_ERRORS.checkFailed, checking: false });
    }
  };

  // The debug overlay's micro status, every 2 s while loading (admins only; others get 403 and see nothing).
  const debugOn = query.current.debug || debugEnabled();
  const { data: debug } = useApi(debugOn ? keys.debugMicro(readingId) : null, () => debugMicroStatus(readingId), {
    refreshInterval: view.kind === 'loading' ? 2000 : 0,
    revalidateOnMount: false,
  });

  const revealed = view.kind === 'revealed';
  const showWeek = revealed && !!upsell && upsell.upsell && !(ent?.hasActiveWeek || upsell.hasActiveWeek) && (data?.userStatus.subscriptionType ?? 'free') === 'free';
  const weekTracked = useRef(false);
  useEffect(() => {
    if (!showWeek || weekTracked.current) return;
    weekTracked.current = true;
    track('saw_week_offer', { source: 'micro_result' });
    track('upsell_shown_week', { source: 'micro_result', priceWeek: upsell?.priceWeek });
  }, [showWeek]);

  return (
    <Page back={() => navigate('/interactive-daily-card')} testId="micro-result" className="micro-result" loading={view.kind === 'loading'}>
      <header className="screen-head">
        <span className="screen-icon">
          <Icon name="sparkle" size={30} />
        </span>
        <h1 className="title">Ваш персональный совет</h1>
        <p className="hint">Карта дня и две дополнительные карты</p>
      </header>

      {view.kind === 'loading' && (
        <section className="panel center" aria-busy="true" data-testid="micro-loading">
          <span className="spinner spinner-lg" role="status" aria-label="Проверяем оплату…" />
          <p>Проверяем оплату и готовим ваши карты…</p>
          <p className="hint" data-testid="micro-attempt">
            Попытка {view.attempt + 1} из {ENTITLEMENT_POLL_ATTEMPTS}
          </p>
        </section>
      )}

      {view.kind === 'timeout' && (
        <section className="panel center stack" data-testid="micro-timeout">
          <p>Оплата обрабатывается дольше обычного.</p>
          {view.message && (
            <p className="pay-message" role="alert" data-testid="micro-timeout-message">
              {view.message}
            </p>
          )}
          <button type="button" className="btn btn-primary btn-block" onClick={recheck} disabled={view.checking} data-testid="micro-refresh">
            {view.checking ? 'Проверяем…' : 'Обновить статус'}
          </button>
        </section>
      )}

      {view.kind === 'error' && (
        <section className="error-block" role="alert" data-testid="micro-error">
          <p data-testid="micro-error-message">{view.message}</p>
          {view.hint && <p className="hint">{view.hint}</p>}
          <div className="row">
            <button type="button" className="btn btn-primary" onClick={() => void start()} data-testid="micro-retry">
              Попробовать снова
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => navigate('/interactive-daily-card')} data-testid="micro-home">
              На главную
            </button>
          </div>
        </section>
      )}

      {view.kind === 'revealed' && (
        <>
          <p className="pay-message is-ok" role="status" data-testid="micro-success">
            Готово! Ваши карты открыты.
          </p>
          <MicroCards cards={view.cards} advice={view.advice} />
          <MicroSpreadButton spread={view.spread} />
        </>
      )}

      {showWeek && upsell && (
        <WeekUpsellBox week={upsell.week} micro={upsell.micro} mode={displayMode(pricing)} busy={weekBusy} onBuy={onWeek} message={weekMessage} />
      )}

      {debugOn && debug && (
        <pre className="debug-panel" data-testid="micro-debug">
          {JSON.stringify(debug, null, 2)}
        </pre>
      )}
    </Page>
  );
}
