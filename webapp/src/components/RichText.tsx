// The interpretation's markdown-like text rendered as React elements, never as raw HTML, from the one parser
// the bot uses too (domain/text/markup.ts). Whatever else the text holds (a <script>, an <img onerror>) stays text.
import type { ReactNode } from 'react';

import { parseRichText, type Inline } from '../../../domain/text/markup';

export { parseInline, parseRichText } from '../../../domain/text/markup';

function renderInlines(inlines: Inline[]): ReactNode[] {
  return inlines.map((p, i) =>
    p.kind === 'bold' ? <strong key={i}>{p.text}</strong> : p.kind === 'italic' ? <em key={i}>{p.text}</em> : p.text,
  );
}

export function RichText(props: { text: string; testId?: string }) {
  return (
    <div className="rich-text" data-testid={props.testId}>
      {parseRichText(props.text).map((b, i) =>
        b.kind === 'heading' ? (
          <h3 key={i}>{renderInlines(b.inlines)}</h3>
        ) : b.kind === 'paragraph' ? (
          <p key={i}>{renderInlines(b.inlines)}</p>
        ) : b.ordered ? (
          <ol key={i}>
            {b.items.map((it, j) => (
              <li key={j}>{renderInlines(it)}</li>
            ))}
          </ol>
        ) : (
          <ul key={i}>
            {b.items.map((it, j) => (
              <li key={j}>{renderInlines(it)}</li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}
