// Under a finished reading: a rating (one tap on a star), an optional text and «можно опубликовать»,
// unticked. Only with that box ticked does the review reach the operators, and only what they publish is
// ever shown to others.
import { useState } from 'react';
import { mutate } from 'swr';
import { REVIEW_TEXT_MAX } from '../../../domain/commerce/social-proof';
import { ApiError, getReview, postReview } from '../api';
import { keys, useApi } from '../data';
import './review.css';

export function ReviewPrompt({ readingId }: { readingId: number }) {
  const { data } = useApi(keys.review(readingId), () => getReview(readingId));
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [publish, setPublish] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  if (!data) return null;
  if (data.review)
    return (
      <section className="panel review" data-testid="review-done">
        <p>
          Ваша оценка:{' '}
          <span className="stars" role="img" aria-label={`${data.review.rating} из 5`}>
            {'★'.repeat(data.review.rating)}
            {'☆'.repeat(5 - data.review.rating)}
          </span>
        </p>
        <p className="hint">
          {data.review.publish ? 'Спасибо! Отзыв появится у других после проверки.' : 'Спасибо! Отзыв видите только вы.'}
        </p>
      </section>
    );

  const send = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const { review } = await postReview(readingId, { rating, text: text.trim() || null, publish });
      void mutate(keys.review(readingId), { review }, { revalidate: false });
    } catch (err) {
      setMessage(err instanceof ApiError ? err.message : 'Не удалось отправить отзыв. Попробуйте ещё раз.');
    } finally {
      setBusy(false);
    }
  };

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
