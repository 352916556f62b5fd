// Under a finished reading: a rating (one tap on a star), an optional text and «можно опубликовать»,
// unticked. Only with that box ticked does the review reach the operators, and only what they publish is
// ever shown to others.
import { REVIEW_TEXT_MAX } from '../../../domain/commerce/social-proof';
import { useReviewPrompt } from './useReviewPrompt';
import './review.css';

export function ReviewPrompt({ readingId }: { readingId: number }) {
  const { data, rating, setRating, text, setText, publish, setPublish, busy, message, send } = useReviewPrompt(readingId);

  if (!data) return null;
  if (data.review) return <ReviewDone review={data.review} />;

  return (
    <section className="panel review" data-testid="review-form" aria-label="Оценить расклад">
      <h2>Как вам расклад?</h2>
      <div className="review-stars" role="radiogroup" aria-label="Оценка">
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            key={n}
            type="button"
            role="radio"
            aria-checked={rating === n}
            aria-label={`${n} из 5`}
            className={`review-star${n <= rating ? ' is-on' : ''}`}
            onClick={() => setRating(n)}
            data-testid={`review-star-${n}`}
          >
            {n <= rating ? '★' : '☆'}
          </button>
        ))}
      </div>
      {rating > 0 && (
        <>
          <textarea
            className="input"
            rows={3}
            maxLength={REVIEW_TEXT_MAX}
            placeholder="Пара слов о раскладе (необязательно)"
            value={text}
            onChange={(e) => setText(e.target.value)}
            data-testid="review-text"
          />
          <label className="review-consent">
            <input type="checkbox" checked={publish} onChange={(e) => setPublish(e.target.checked)} data-testid="review-publish" />
            можно опубликовать
          </label>
          {message && <p className="pay-message">{message}</p>}
          <button
            type="button"
            className="btn btn-secondary btn-block"
            disabled={busy}
            onClick={() => void send()}
            data-testid="review-send"
          >
            {busy ? 'Отправляем…' : 'Отправить'}
          </button>
        </>
      )}
    </section>
  );
}

/** The review already left: its stars, and who will see it. */
function ReviewDone({ review }: { review: { rating: number; publish: boolean } }) {
  return (
    <section className="panel review" data-testid="review-done">
      <p>
        Ваша оценка:{' '}
        <span className="stars" role="img" aria-label={`${review.rating} из 5`}>
          {'★'.repeat(review.rating)}
          {'☆'.repeat(5 - review.rating)}
        </span>
      </p>
      <p className="hint">{review.publish ? 'Спасибо! Отзыв появится у других после проверки.' : 'Спасибо! Отзыв видите только вы.'}</p>
    </section>
  );
}
