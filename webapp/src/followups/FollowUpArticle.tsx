// One follow-up under «Уточнить расклад»: the question, its clarifying card, the answer (streaming in, or the
// cards' own when the AI was down) and «ask the AI again» for a card-based answer.
import { CardImage } from '../components/CardImage';
import { RichText } from '../components/RichText';
import type { FollowUpItem } from './useFollowUps';

export function FollowUpArticle({ f, busy, onRetry }: { f: FollowUpItem; busy: boolean; onRetry: () => void }) {
  return (
    <article className="panel follow-up" data-testid="follow-up">
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
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={onRetry} data-testid="follow-up-retry">
          Спросить ИИ ещё раз (бесплатно)
        </button>
      )}
    </article>
  );
}
