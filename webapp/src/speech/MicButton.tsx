// The microphone beside the question field: held, it records (MediaRecorder, at most a minute); released, the
// recording goes to the server's transcription and the text lands in the field, where the user reads it and
// continues as with typed text (the same checks follow). Shown only when the server has voice and the browser
// can record.
import { Icon } from '../components/Icon';
import { useStatus } from '../hooks/useStatus';
import { useMicRecorder } from './useMicRecorder';
import './speech.css';

const canRecord = () =>
  typeof window !== 'undefined' && typeof window.MediaRecorder !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

export function MicButton({ onText }: { onText: (text: string) => void }) {
  const { data } = useStatus();
  const { state, error, start, stop } = useMicRecorder(onText);

  if (!data?.voice || !canRecord()) return null;

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
