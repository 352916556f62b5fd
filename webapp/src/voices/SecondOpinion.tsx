// «Второе мнение» under a finished interpretation (and in the archive): «Спросить другого таролога» opens the
// three readers (portrait, name, manner); the chosen one re-reads the same cards, streamed. The opinions
// asked so far are shown with their reader. A plan without it sees it locked: what each reader gives and the
// plans that open it (the server's words). Today's allowance is the server's.
import { CrisisHelp } from '../components/CrisisHelp';
import { Icon } from '../components/Icon';
import { VOICES } from '../../../domain/tarot/voices';
import { SecondOpinionArticle } from './SecondOpinionArticle';
import { SecondOpinionLocked } from './SecondOpinionLocked';
import { useSecondOpinion } from './useSecondOpinion';
import { VoiceChooser } from './VoiceChooser';
import './second-opinion.css';

export function SecondOpinion({ readingId }: { readingId: number }) {
  const { data, asked, open, setOpen, busy, error, crisis, clearCrisis, choose } = useSecondOpinion(readingId);

  if (!data) return null;
  const { secondOpinions: items, allowance } = data;

  return (
    <section className="second-opinions" data-testid="second-opinions" aria-label="Второе мнение">
      <h2 className="section-title">Второе мнение</h2>
      {items.map((o) => (
        <SecondOpinionArticle key={o.voice} o={o} />
      ))}
      {crisis ? (
        <CrisisHelp answer={crisis} onChangeQuestion={clearCrisis} />
      ) : allowance.locked ? (
        <SecondOpinionLocked lockedText={allowance.lockedText} />
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
        <VoiceChooser asked={asked} allowance={allowance} busy={busy} onChoose={choose} />
      )}
      {error && !allowance.locked && (
        <p className="field-hint is-error" role="alert" data-testid="second-opinion-error">
          {error}
        </p>
      )}
    </section>
  );
}
