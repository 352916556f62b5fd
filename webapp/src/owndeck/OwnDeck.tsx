// «Свой расклад»: the user lays out a physical deck and enters, position by position, which card came and
// whether it lies reversed (search by name, or the grid of a suit). «Получить толкование» sends the cards
// (POST /api/readings with ownCards): the server checks them, takes a spread of the plan as for dealt cards,
// and the reading goes on exactly as a dealt one (the interpretation screen, the archive, the journal), marked
// «своя колода».
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import type { CrisisAnswer } from '../../../domain/reading/crisis';
import { DECK } from '../../../domain/tarot/deck';
import { SUIT_LABELS } from '../../../domain/tarot/journal';
import { OWN_DECK_MARK, type OwnCardInput } from '../../../domain/tarot/own-deck';
import { validateQuestion } from '../../../domain/reading/question-input';
import { getSpread, positionNamesFor } from '../../../domain/tarot/spreads';
import type { Suit } from '../../../domain/types';
import { ApiError } from '../api';
import { CardImage } from '../components/CardImage';
import { CrisisHelp } from '../components/CrisisHelp';
import { ErrorBlock } from '../components/ErrorBlock';
import { MainAction } from '../components/MainAction';
import { Page } from '../components/Page';
import { currentReadingId, flowKey, setFlow, useFlow } from '../flow';
import { afterReading } from '../hooks/useStatus';
import { haptic } from '../telegram/bridge';
import { createOwnReading } from './own-deck-api';
import './own-deck.css';

const SUITS = Object.keys(SUIT_LABELS) as Suit[];
const PICKS_KEY = 'taro.ownCards';

/** Lower case, «ё» as «е»: «Колесница» is found by «колес», «Отшельник» by «отшел». */
const fold = (s: string) => s.toLowerCase().replace(/ё/g, 'е').trim();

type Pick = OwnCardInput | null;

/** The picks of this spread and question, kept for a reload (a changed spread or question starts empty). */
function loadPicks(key: string, count: number): Pick[] {
  try {
    const saved = JSON.parse(sessionStorage.getItem(PICKS_KEY) ?? 'null') as { key: string; picks: Pick[] } | null;
    if (saved?.key === key && saved.picks.length === count) return saved.picks;
  } catch {
    /* storage unavailable or corrupt: start empty */
  }
  return Array.from({ length: count }, () => null);
}

export default function OwnDeck() {
  const [, navigate] = useLocation();
  const flow = useFlow();
  const spread = getSpread(flow.spreadType) ?? getSpread('free_daily')!;
  const key = flowKey(spread.id, flow.question);
  const questionOk = validateQuestion(flow.question).ok;
  // The year forecast's months from this month, as the server will name them.
  const positions = useMemo(() => positionNamesFor(spread.id, new Date().getMonth() + 1), [spread.id]);
  const [picks, setPicks] = useState<Pick[]>(() => loadPicks(key, spread.cards));
  const [active, setActive] = useState(() => Math.max(0, picks.indexOf(null)));
  const [suit, setSuit] = useState<Suit>('major');
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [crisis, setCrisis] = useState<CrisisAnswer | null>(null);

  // Without a question (a reload after the flow was cleared) the question comes first; a reading already
  // made for these cards opens as it is (never charged twice).
  const made = flow.ownDeck ? currentReadingId(flow) : null;
  useEffect(() => {
    if (!questionOk) navigate('/question', { replace: true });
    else if (made !== null) navigate('/interpretation', { replace: true });
  }, [questionOk, made, navigate]);

  useEffect(() => {
    try {
      sessionStorage.setItem(PICKS_KEY, JSON.stringify({ key, picks }));
    } catch {
      /* kept in memory for this visit */
    }
  }, [key, picks]);

  const chosen = useMemo(() => new Map(picks.flatMap((p, i) => (p ? [[p.id, i] as const] : []))), [picks]);
  const found = useMemo(() => {
    const q = fold(search);
    return q ? DECK.filter((c) => fold(c.name).includes(q)) : DECK.filter((c) => c.suit === suit);
  }, [search, suit]);
  const complete = picks.every((p) => p !== null);

  function pick(cardId: string) {
    haptic('select');
    const next = picks.slice();
    next[active] = { id: cardId, reversed: picks[active]?.reversed ?? false };
    setPicks(next);
    setSearch('');
    setFailure(null);
    // On to the next empty position, if any.
    const empty = next.findIndex((p, i) => p === null && i > active);
    const anyEmpty = empty >= 0 ? empty : next.indexOf(null);
    if (anyEmpty >= 0) setActive(anyEmpty);
  }

  function turn(i: number) {
    haptic('select');
    setPicks(picks.map((p, j) => (j === i && p ? { ...p, reversed: !p.reversed } : p)));
  }

  async function submit() {
    if (!complete || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const reading = await createOwnReading(spread.id, flow.question, picks as OwnCardInput[]);
      setFlow({ readingId: reading.id, dealtFor: key, revealed: reading.cards.length, answered: false });
      sessionStorage.removeItem(PICKS_KEY);
      afterReading();
      navigate('/interpretation');
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(0, String((err as Error)?.message ?? err));
      haptic('error');
      if (e.crisis) setCrisis(e.crisis);
      else setFailure(e);
    } finally {
      setBusy(false);
    }
  }

  if (crisis)
    return (
      <Page back={() => navigate('/question')} testId="own-deck">
        <CrisisHelp answer={crisis} onChangeQuestion={() => navigate('/question')} />
      </Page>
    );

  const activeName = positions[active] ?? `Карта ${active + 1}`;
  return (
    <Page back={() => navigate('/question')} testId="own-deck" className="own-deck">
      <header className="screen-head">
        <p className="kicker">
          {spread.name} · {OWN_DECK_MARK}
        </p>
        <h1 className="title">Какие карты легли?</h1>
        <blockquote className="question-quote">«{flow.question}»</blockquote>
        <p className="hint">Отметьте карту на каждой позиции и как она лежит. Толкование будет по вашим картам.</p>
      </header>

      <ol className="own-positions" data-testid="own-positions">
        {positions.map((name, i) => {
          const p = picks[i];
          const card = p ? DECK.find((c) => c.id === p.id) : undefined;
          return (
            <li key={i} className={`own-position ${i === active ? 'is-active' : ''}`} data-testid="own-position">
              <button
                type="button"
                className="own-position-main"
                onClick={() => setActive(i)}
                aria-current={i === active ? 'step' : undefined}
                data-testid={`own-slot-${i}`}
              >
                {card ? (
                  <CardImage image={card.image} id={card.id} name={card.name} reversed={p!.reversed} size="small" width={40} zoom={false} />
                ) : (
                  <span className="own-empty" aria-hidden="true">
                    {i + 1}
                  </span>
                )}
                <span className="own-position-text">
                  <span className="own-position-name">
                    {i + 1}. {name}
                  </span>
                  <strong data-testid="own-slot-card">{card ? card.name : i === active ? 'Выберите карту ниже' : 'Не выбрана'}</strong>
                </span>
              </button>
              {p && (
                <button
                  type="button"
                  className={`own-turn ${p.reversed ? 'is-reversed' : ''}`}
                  aria-pressed={p.reversed}
                  onClick={() => turn(i)}
                  data-testid={`own-reversed-${i}`}
                >
                  {p.reversed ? 'Перевёрнутая' : 'Прямая'}
                </button>
              )}
            </li>
          );
        })}
      </ol>

      <section className="panel own-picker" aria-label={`Карта для позиции «${activeName}»`}>
        <h2 className="own-picker-title" data-testid="own-picker-title">
          Позиция {active + 1}: {activeName}
        </h2>
        <label className="visually-hidden" htmlFor="own-search">
          Найти карту по названию
        </label>
        <input
          id="own-search"
          className="own-search"
          type="search"
          placeholder="Найти по названию: «Солнце»…"
          value={search}
          onChange={(e) => setSearch(e.target.value.slice(0, 40))}
          data-testid="own-search"
        />
        {!search && (
          <div className="own-suits" role="tablist" aria-label="Масти">
            {SUITS.map((s) => (
              <button
                key={s}
                type="button"
                role="tab"
                aria-selected={s === suit}
                className={`own-suit ${s === suit ? 'is-on' : ''}`}
                onClick={() => setSuit(s)}
                data-testid={`own-suit-${s}`}
              >
                {SUIT_LABELS[s]}
              </button>
            ))}
          </div>
        )}
        {found.length === 0 ? (
          <p className="hint" data-testid="own-none">
            Такой карты нет. Попробуйте начало названия: «Королева», «Тройка»…
          </p>
        ) : (
          <div className="own-grid" data-testid="own-grid">
            {found.map((c) => {
              const at = chosen.get(c.id);
              const taken = at !== undefined && at !== active;
              return (
                <button
                  key={c.id}
                  type="button"
                  className={`own-card ${at === active ? 'is-picked' : ''}`}
                  disabled={taken}
                  title={taken ? `Уже на позиции ${at! + 1}` : undefined}
                  onClick={() => pick(c.id)}
                  data-testid={`own-card-${c.id}`}
                >
                  {c.name}
                  {taken && <span className="own-card-at">поз. {at! + 1}</span>}
                </button>
              );
            })}
          </div>
        )}
      </section>

      {failure && (
        <ErrorBlock message={failure.message}>
          {failure.status === 402 && (
            <button type="button" className="btn btn-gold" onClick={() => navigate('/subscription')} data-testid="own-subscribe">
              Посмотреть подписки
            </button>
          )}
        </ErrorBlock>
      )}

      <MainAction
        text={complete ? 'Получить толкование' : `Выбрано карт: ${chosen.size} из ${spread.cards}`}
        enabled={complete}
        loading={busy}
        onClick={() => void submit()}
        testId="own-submit"
      />
    </Page>
  );
}
