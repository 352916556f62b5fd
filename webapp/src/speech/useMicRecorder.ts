// Holding the microphone: opens it, records (at most a minute), and on release sends the recording to the
// server's transcription, handing the text on.
import { useRef, useState } from 'react';
import { ApiError, russianOr } from '../api';
import { haptic } from '../telegram/bridge';
import { transcribe } from './speech-api';

const MAX_S = 60;
const TYPES = ['audio/ogg;codecs=opus', 'audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'];
const NO_MIC = 'Нет доступа к микрофону. Разрешите его или напишите вопрос текстом.';
const TOO_SHORT = 'Удерживайте кнопку, пока говорите.';
const FAILED = 'Не удалось распознать вопрос. Попробуйте ещё раз или напишите текстом.';

type Recording = { recorder: MediaRecorder; started: number; timer: ReturnType<typeof setTimeout> };

export function useMicRecorder(onText: (text: string) => void) {
  const [state, setState] = useState<'idle' | 'starting' | 'recording' | 'sending'>('idle');
  const [error, setError] = useState<string | null>(null);
  const current = useRef<Recording | null>(null);
  /** Released before the microphone opened: stop as soon as it does. */
  const released = useRef(false);

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

  return { state, error, start, stop };
}
