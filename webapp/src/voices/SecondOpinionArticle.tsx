// One second opinion: the reader (portrait, name, manner) and their reading of the cards, streaming in.
import { RichText } from '../components/RichText';
import { Portrait } from './Portrait';
import type { SecondOpinionItem } from './useSecondOpinion';

export function SecondOpinionArticle({ o }: { o: SecondOpinionItem }) {
  return (
    <article className="panel second-opinion" data-voice={o.voice} data-testid="second-opinion">
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
  );
}
