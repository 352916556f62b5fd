// The microphone beside the question field: held, it records (MediaRecorder, at most a minute); released, the
// recording goes to the server's transcription and the text lands in the field, where the user reads it and
// continues as with typed text (the same checks follow). Shown only when the server has voice and the browser
// can record.
import { useRef, useState } from 'react';
import { ApiError, russianOr } from '../api';
import { Icon } from '../components/Icon';
import { useStatus } from '../hooks/useStatus';
import { haptic } from '../telegram/bridge';
import { transcribe } from './speech-api';
import './speech.css';

const MAX_S = 60;
const TYPES = ['audio/ogg;codecs=opus', 'audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'];
const NO_MIC = 'Нет доступа к микрофону. Разрешите его или напишите вопрос текстом.';
const TOO_SHORT = 'Удерживайте кнопку, пока говорите.';
const FAILED = 'Не удалось распознать вопрос. Попробуйте ещё раз или напишите текстом.';

type Recording = { recorder: MediaRecorder; started: number; timer: ReturnType<typeof setTimeout> };

const canRecord = () =>
  typeof window !== 'undefined' && typeof window.MediaRecorder !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

export function MicButton({ onText }: { onText: (text: string) => void }) {
  const { data } = useStatus();
  const [state, setState] = useState<'idle' | 'starting' | 'recording' | 'sending'>('idle');
  const [error, setError] = useState<string | null>(null);
  const current = useRef<Recording | null>(null);
  /** Released before the microphone opened: stop as soon as it does. */
  const released = useRef(false);

  if (!data?.voice || !canRecord()) return null;

  const send = async (chunks: Blob[], type: string, seconds: number) => {
    if (seconds < 0.5) {
      setError(TOO_SHORT);
      setState('idle');
      return;
    }
    setState('sending');
    try {
      onText(await transcribe(new Blob(chunks, { type }), seconds));
      haptic('select');
    } catch (err) {
      setError(russianOr(err instanceof ApiError ? err.message : null, FAILED));
    } finally {
      setState('idle');
    }
  };

  const stop = () => {
    released.current = true;
    const r = current.current;
    if (!r) return;
    current.current = null;
    clearTimeout(r.timer);
    if (r.recorder.state !== 'inactive') r.recorder.stop();
  };

  const start = async () => {
    if (state !== 'idle') return;
    released.current = false;
    setError(null);
    setState('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setError(NO_MIC);
      return void setState('idle');
    }
    const type = TYPES.find((t) => MediaRecorder.isTypeSupported(t));
    const recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
    const chunks: Blob[] = [];
    const started = Date.now();
    recorder.ondataavailable = (e) => void (e.data.size > 0 && chunks.push(e.data));
    recorder.onstop = () => {
      for (const t of stream.getTracks()) t.stop();
      void send(chunks, recorder.mimeType || type || 'audio/webm', (Date.now() - started) / 1000);
    };
    recorder.start();
    current.current = { recorder, started, timer: setTimeout(stop, MAX_S * 1000) };
    setState('recording');
    haptic('select');
    if (released.current) stop();
  };

  const label =
    state === 'recording'
      ? 'Говорите… отпустите, чтобы закончить'
      : state === 'sending'
        ? 'Распознаю вопрос…'
        : 'Удерживайте, чтобы сказать вопрос';
  return (
    <div className="mic" data-testid="mic">
      <button
        type="button"
        className={`mic-button ${state === 'recording' ? 'is-recording' : ''}`}
        data-testid="mic-button"
        aria-label="Сказать вопрос голосом"
        aria-pressed={state === 'recording'}
        disabled={state === 'sending'}
        onPointerDown={(e) => {
          e.preventDefault();
          void start();
        }}
        onPointerUp={stop}
        onPointerLeave={stop}
        onPointerCancel={stop}
        onKeyDown={(e) => (e.key === ' ' || e.key === 'Enter') && !e.repeat && void start()}
        onKeyUp={(e) => (e.key === ' ' || e.key === 'Enter') && stop()}
        onContextMenu={(e) => e.preventDefault()}
      >
        <Icon name="mic" size={24} />
      </button>
      <span className={`mic-hint ${error ? 'is-error' : ''}`} data-testid="mic-hint" role={error ? 'alert' : undefined}>
        {error ?? label}
      </span>
    </div>
  );
}
