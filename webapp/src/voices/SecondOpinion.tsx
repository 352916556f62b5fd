// «Второе мнение» under a finished interpretation (and in the archive): «Спросить другого таролога» opens the
// three readers (portrait, name, manner); the chosen one re-reads the same cards, streamed. The opinions
// asked so far are shown with their reader. A plan without it sees it locked: what each reader gives and the
// plans that open it (the server's words). Today's allowance is the server's.
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { ApiError } from '../api';
import { useApi } from '../data';
import { CrisisHelp } from '../components/CrisisHelp';
import { Icon } from '../components/Icon';
import { RichText } from '../components/RichText';
import { haptic } from '../telegram/bridge';
import type { CrisisAnswer } from '../../../domain/reading/crisis';
import { VOICE_INFO, VOICES, type Voice } from '../../../domain/tarot/voices';
import { Portrait } from './Portrait';
import { askSecondOpinion, listSecondOpinions, type SecondOpinionAllowance, type SecondOpinionView } from './second-opinion-api';
import './second-opinion.css';

type Item = SecondOpinionView & { streaming?: boolean };
type List = { secondOpinions: Item[]; allowance: SecondOpinionAllowance };

export function SecondOpinion({ readingId }: { readingId: number }) {
  const [, navigate] = useLocation();
  // A failed load leaves the section hidden: the reading itself is what matters.
  const { data, mutate } = useApi<List>(`/api/readings/${readingId}/second-opinions`, () => listSecondOpinions(readingId));
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [crisis, setCrisis] = useState<CrisisAnswer | null>(null);
  const change = (f: (l: List) => List) => void mutate((l) => (l ? f(l) : l), { revalidate: false });
  const patch = (voice: Voice, f: (it: Item) => Item) =>
    change((l) => ({ ...l, secondOpinions: l.secondOpinions.map((it) => (it.voice === voice ? f(it) : it)) }));

  if (!data) return null;
  const { secondOpinions: items, allowance } = data;
  const asked = new Set(items.map((o) => o.voice));

  const choose = (voice: Voice) => {
    if (busy) return;
    if (asked.has(voice)) {
      document.querySelector(`[data-voice="${voice}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      return;
    }
    setBusy(true);
    setError(null);
    haptic('draw');
    askSecondOpinion(readingId, voice, {
      onOpinion(o, a) {
        change((l) => ({
          secondOpinions: [...l.secondOpinions.filter((it) => it.voice !== o.voice), { ...o, text: '', streaming: true }],
          allowance: { ...l.allowance, ...a },
        }));
        setOpen(false);
      },
      onDelta: (text) => patch(voice, (it) => ({ ...it, text: (it.text ?? '') + text })),
      onReset: () => patch(voice, (it) => ({ ...it, text: '' })),
      onDone: (o) => patch(voice, () => ({ ...o, streaming: false })),
    })
      .catch((e: ApiError) => {
        if (e.crisis) return setCrisis(e.crisis);
        haptic('error');
        setError(e.message);
        if (e.status === 402) change((l) => ({ ...l, allowance: { ...l.allowance, locked: true, lockedText: e.message } }));
        if (e.status === 429) change((l) => ({ ...l, allowance: { ...l.allowance, remaining: 0 } }));
      })
      .finally(() => setBusy(false));
  };

  return (
    <section className="second-opinions" data-testid="second-opinions" aria-label="Второе мнение">
      <h2 className="section-title">Второе мнение</h2>
      {items.map((o) => (
        <article className="panel second-opinion" key={o.voice} data-voice={o.voice} data-testid="second-opinion">
          <header className="voice-head">
            <Portrait voice={o.voice} size={48} />
            <span>
              <strong data-testid="second-opinion-name">{o.name}</strong>
              <span className="voice-manner">{o.manner}</span>
            </span>
          </header>
          {o.text ? (
            <RichText text={o.text} testId="second-opinion-text" />
          ) : (
            o.streaming && <span className="spinner" role="status" aria-label="Таролог читает карты…" />
          )}
        </article>
      ))}
      {crisis ? (
        <CrisisHelp answer={crisis} onChangeQuestion={() => setCrisis(null)} />
      ) : allowance.locked ? (
        <div className="panel second-opinion-locked" data-testid="second-opinion-locked">
          <p>
            <Icon name="lock" size={18} /> <strong>Спросить другого таролога</strong> — те же карты, прочитанные другим голосом:
          </p>
          <ul className="voice-list">
            {VOICES.map((v) => (
              <li key={v} className="voice-row">
                <Portrait voice={v} size={40} />
                <span>
                  <span>
                    <strong>{VOICE_INFO[v].name}</strong> · {VOICE_INFO[v].manner}
                  </span>
                  <span className="voice-manner">{VOICE_INFO[v].summary}</span>
                </span>
              </li>
            ))}
          </ul>
          {allowance.lockedText && (
            <p className="hint" data-testid="second-opinion-plans">
              {allowance.lockedText}
            </p>
          )}
          <button
            type="button"
            className="btn btn-gold btn-block"
            onClick={() => navigate('/subscription')}
            data-testid="second-opinion-offer"
          >
            Открыть второе мнение
          </button>
        </div>
      ) : !open ? (
        asked.size < VOICES.length && (
          <button
            type="button"
            className="btn btn-secondary btn-block"
            onClick={() => setOpen(true)}
            disabled={busy}
            data-testid="second-opinion-open"
          >
            <Icon name="sparkle" size={18} /> Спросить другого таролога
          </button>
        )
      ) : (
        <div className="panel second-opinion-chooser" data-testid="second-opinion-chooser">
          <p className="follow-up-label">Кто прочтёт ваши карты ещё раз?</p>
          <div className="voice-choices">
            {VOICES.map((v) => (
              <button
                type="button"
                key={v}
                className={`voice-choice${asked.has(v) ? ' is-asked' : ''}`}
                disabled={busy || (!asked.has(v) && allowance.remaining <= 0)}
                onClick={() => choose(v)}
                data-testid={`voice-${v}`}
              >
                <Portrait voice={v} size={56} />
                <strong>{VOICE_INFO[v].name}</strong>
                <span className="voice-manner">{asked.has(v) ? 'ответ — выше' : VOICE_INFO[v].manner}</span>
              </button>
            ))}
          </div>
          <p className="hint" data-testid="second-opinion-remaining">
            {allowance.remaining > 0
              ? `Сегодня осталось: ${allowance.remaining} из ${allowance.limit}`
              : `Вторые мнения на сегодня закончились (${allowance.used} из ${allowance.limit}). Завтра можно снова.`}
          </p>
        </div>
      )}
      {error && !allowance.locked && (
        <p className="field-hint is-error" role="alert" data-testid="second-opinion-error">
          {error}
        </p>
      )}
    </section>
  );
}
