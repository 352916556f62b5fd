// «Прочитать вслух» under an interpretation, when the server has voice (the status's `voice`): the reading's
// speech is fetched once (the server keeps it, so another tap or visit costs nothing) and played in an <audio>
// element with its controls. A refusal (the day's limit, the provider down) shows the server's Russian line.
import { useEffect, useRef, useState } from 'react';
import { ApiError, russianOr } from '../api';
import { Icon } from '../components/Icon';
import { useStatus } from '../hooks/useStatus';
import { fetchSpeech } from './speech-api';
import './speech.css';

export const READ_ALOUD = 'Прочитать вслух';
const FAILED = 'Не удалось озвучить расклад. Попробуйте ещё раз чуть позже.';

export function ReadAloud({ readingId }: { readingId: number }) {
  const { data } = useStatus();
  const [src, setSrc] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const audio = useRef<HTMLAudioElement>(null);

  useEffect(() => () => void (src && URL.revokeObjectURL(src)), [src]);
  useEffect(() => {
    if (src) void audio.current?.play().catch(() => {});
  }, [src]);

  if (!data?.voice) return null;

  const start = async () => {
    if (src) return void audio.current?.play().catch(() => {});
    setLoading(true);
    setError(null);
    try {
      setSrc(URL.createObjectURL(await fetchSpeech(readingId)));
    } catch (err) {
      setError(russianOr(err instanceof ApiError ? err.message : null, FAILED));
    } finally {
      setLoading(false);
    }
  };

  return (
    <section className="read-aloud" data-testid="read-aloud">
      <button type="button" className="btn btn-secondary" data-testid="read-aloud-button" disabled={loading} onClick={start}>
        <Icon name="speaker" size={20} /> {loading ? 'Готовлю озвучку…' : READ_ALOUD}
      </button>
      {/* biome-ignore lint/a11y/useMediaCaption: the spoken text is the interpretation shown above */}
      {src && <audio ref={audio} className="read-aloud-audio" data-testid="read-aloud-audio" controls src={src} />}
      {error && (
        <p className="field-hint is-error" role="alert" data-testid="read-aloud-error">
          {error}
        </p>
      )}
    </section>
  );
}
