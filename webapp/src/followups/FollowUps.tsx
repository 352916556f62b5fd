// «Уточнить» under an interpretation (and in the history): the follow-ups asked so far with their clarifying
// cards and answers, a field for the next question while the plan allows one, the locked state with the
// offer for free users, and «ask the AI again» for a card-based answer (at no cost).
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { ApiError } from '../api';
import { keys, useApi } from '../data';
import { CardImage } from '../components/CardImage';
import { CrisisHelp } from '../components/CrisisHelp';
import { Icon } from '../components/Icon';
import { RichText } from '../components/RichText';
import { haptic } from '../telegram/bridge';
import type { CrisisAnswer } from '../../../domain/reading/crisis';
import { FOLLOW_UP_QUESTION_MAX, FOLLOW_UP_QUESTION_MIN } from '../../../domain/reading/follow-up';
import {
  askFollowUp,
  listFollowUps,
  retryFollowUp,
  type FollowUpAllowance,
  type FollowUpHandlers,
  type FollowUpView,
} from './follow-up-api';
import './follow-ups.css';

/** A follow-up being written: the text so far. */
type Item = FollowUpView & { streaming?: boolean };
type List = { followUps: Item[]; allowance: FollowUpAllowance };

export function FollowUps(props: { readingId: number; initial?: { followUps: FollowUpView[]; allowance: FollowUpAllowance } }) {
  const [, navigate] = useLocation();
  // The list lives in the cache, and the answers stream into it. A failed load leaves the section hidden:
  // the reading itself is what matters.
  const { data, mutate: update } = useApi<List>(keys.followUps(props.readingId), () => listFollowUps(props.readingId), {
    fallbackData: props.initial,
    revalidateOnMount: !props.initial,
  });
  const items = data?.followUps ?? [];
  const allowance = data?.allowance ?? null;
  const change = (f: (l: List) => List) =>
    void update(
      (l) => {
        const base = l ?? props.initial;
        return base ? f(base) : base;
      },
      { revalidate: false },
    );
  const setItems = (f: (list: Item[]) => Item[]) => change((l) => ({ ...l, followUps: f(l.followUps) }));
  const setAllowance = (f: FollowUpAllowance | ((a: FollowUpAllowance) => FollowUpAllowance)) =>
    change((l) => ({ ...l, allowance: typeof f === 'function' ? f(l.allowance) : f }));
  const [question, setQuestion] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A follow-up that spoke of a crisis: help lines instead of a card.
  const [crisis, setCrisis] = useState<CrisisAnswer | null>(null);

  const patch = (id: number, f: (it: Item) => Item) => setItems((list) => list.map((it) => (it.id === id ? f(it) : it)));

  const handlers = (current: { id: number }): FollowUpHandlers => ({
    onCard(f, a) {
      current.id = f.id;
      haptic('reveal');
      // The same question asked again is that follow-up: it is told again in its place.
      const item = { ...f, answer: '', streaming: true };
      setItems((list) => (list.some((it) => it.id === f.id) ? list.map((it) => (it.id === f.id ? item : it)) : [...list, item]));
      setAllowance(a);
    },
    onDelta(text) {
      patch(current.id, (it) => ({ ...it, answer: (it.answer ?? '') + text, streaming: true }));
    },
    onReset() {
      patch(current.id, (it) => ({ ...it, answer: '' }));
    },
    onDone(f) {
      patch(current.id, () => ({ ...f, streaming: false }));
    },
  });

  const trimmed = question.replace(/\s+/g, ' ').trim();
  const valid = trimmed.length >= FOLLOW_UP_QUESTION_MIN && trimmed.length <= FOLLOW_UP_QUESTION_MAX;

  const submit = () => {
    if (!valid || busy) return;
    setBusy(true);
    setError(null);
    haptic('draw');
    askFollowUp(props.readingId, trimmed, handlers({ id: 0 }))
      .then(() => setQuestion(''))
      .catch((e: ApiError) => {
        if (e.crisis) return setCrisis(e.crisis);
        haptic('error');
        setError(e.message);
        if (e.status === 402) setAllowance((a) => ({ ...a, locked: true }));
      })
      .finally(() => setBusy(false));
  };

  const retry = (f: Item) => {
    setBusy(true);
    setError(null);
    patch(f.id, (it) => ({ ...it, answer: '', streaming: true }));
    retryFollowUp(props.readingId, f.id, handlers({ id: f.id }))
      .catch((e: ApiError) => {
        setError(e.message);
        patch(f.id, () => f);
      })
      .finally(() => setBusy(false));
  };

  if (!allowance) return null;

  return (
    <section className="follow-ups" data-testid="follow-ups" aria-label="Уточнить расклад">
      <h2 className="section-title">Уточнить расклад</h2>
      {items.map((f) => (
        <article className="panel follow-up" key={f.id} data-testid="follow-up">
          <p className="follow-up-question">
            <span className="kicker">Уточнение {f.seq}</span>
            <span data-testid="follow-up-question">«{f.question}»</span>
          </p>
          <div className="follow-up-card">
            <CardImage image={f.card.image} name={f.card.name} reversed={f.card.reversed} size="small" />
            <span>
              <span className="result-card-pos">Уточняющая карта</span>
              <strong data-testid="follow-up-card">{f.card.name}</strong>
              {f.card.reversed && <span className="reversed-mark">перевёрнутая</span>}
            </span>
          </div>
          {f.answer ? (
            <RichText text={f.answer} testId="follow-up-answer" />
          ) : (
            f.streaming && <span className="spinner" role="status" aria-label="Карты отвечают…" />
          )}
          {!f.streaming && f.fallback && f.error && (
            <p className="notice notice-fallback" data-testid="follow-up-fallback">
              Показан ответ по значениям карт: ИИ сейчас недоступен.
            </p>
          )}
          {!f.streaming && f.canRetry && (
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => retry(f)} data-testid="follow-up-retry">
              Спросить ИИ ещё раз (бесплатно)
            </button>
          )}
        </article>
      ))}

      {crisis ? (
        <CrisisHelp answer={crisis} onChangeQuestion={() => setCrisis(null)} />
      ) : allowance.locked ? (
        <div className="panel follow-up-locked" data-testid="follow-up-locked">
          <p>
            <Icon name="lock" size={18} /> <strong>Уточняющие вопросы — с подпиской.</strong> Задайте картам вопрос вдогонку: они вытянут
            ещё одну карту и ответят с учётом всего расклада. VIP — три уточнения к каждому раскладу, базовая подписка и «Неделя безлимита»
            — одно.
          </p>
          <button type="button" className="btn btn-gold btn-block" onClick={() => navigate('/subscription')} data-testid="follow-up-offer">
            Открыть уточнения
          </button>
        </div>
      ) : allowance.remaining > 0 ? (
        <form
          className="panel follow-up-form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <label htmlFor="follow-up-input" className="follow-up-label">
            Что бы вы хотели уточнить? Карты вытянут ещё одну карту для ответа.
          </label>
          <textarea
            id="follow-up-input"
            className="textarea"
            value={question}
            maxLength={FOLLOW_UP_QUESTION_MAX}
            placeholder="Например: что мне сделать в первую очередь?"
            onChange={(e) => setQuestion(e.target.value)}
            disabled={busy}
            data-testid="follow-up-input"
          />
          <div className="field-foot">
            <span data-testid="follow-up-remaining">
              Осталось уточнений: {allowance.remaining} из {allowance.limit}
            </span>
            <span className="counter">
              {question.length}/{FOLLOW_UP_QUESTION_MAX}
            </span>
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={!valid || busy} data-testid="follow-up-ask">
            {busy ? 'Карты отвечают…' : 'Уточнить'}
          </button>
        </form>
      ) : (
        <p className="hint follow-up-spent" data-testid="follow-up-spent">
          Уточнения к этому раскладу закончились ({allowance.used} из {allowance.limit}). Новый вопрос — новый расклад.
        </p>
      )}
      {error && (
        <p className="field-hint is-error" role="alert" data-testid="follow-up-error">
          {error}
        </p>
      )}
    </section>
  );
}
