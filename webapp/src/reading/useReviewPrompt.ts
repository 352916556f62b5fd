// The review under a finished reading: the one already left (if any), the rating, text and «можно опубликовать»
// being filled in, and sending them.
import { useState } from 'react';
import { mutate } from 'swr';
import { ApiError, getReview, postReview } from '../api';
import { keys, useApi } from '../data';

export function useReviewPrompt(readingId: number) {
  const { data } = useApi(keys.review(readingId), () => getReview(readingId));
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [publish, setPublish] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

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

  return { data, rating, setRating, text, setText, publish, setPublish, busy, message, send };
}
