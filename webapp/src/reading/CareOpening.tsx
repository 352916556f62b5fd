// The concern tier's opening above a reading (despair without intent): the caring line and the trust line as a
// tappable number, from domain/reading/care.ts. The stored text starts with the same opening (the bot and the tool
// show it as text); here it is taken off the text and shown as this panel.
import { CONCERN_LINE } from '../../../domain/reading/care';
import { HELP_LINES } from '../../../domain/reading/crisis';

export function CareOpening() {
  const line = HELP_LINES.trust;
  return (
    <section className="panel care-opening" data-testid="care-opening">
      <p data-testid="care-line">{CONCERN_LINE}</p>
      <p className="care-help">
        <a className="crisis-phone" href={`tel:${line.tel}`} data-testid="care-phone">
          {line.phone}
        </a>
        <span>
          <strong>{line.name}</strong> — {line.note}
        </span>
      </p>
    </section>
  );
}
