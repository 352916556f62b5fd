// The invitation's link as text, with a copy button outside Telegram.
import { useRef, useState } from 'react';
import { insideTelegram } from '../telegram/launch';

/** The link as text; outside Telegram (no share sheet) with a copy button, selecting the text where copying is refused. */
export function InvitationLink(props: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [copied, setCopied] = useState<'copied' | 'selected' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.text);
      setCopied('copied');
    } catch {
      const el = ref.current;
      const selection = window.getSelection();
      if (el && selection) {
        const range = document.createRange();
        range.selectNodeContents(el);
        selection.removeAllRanges();
        selection.addRange(range);
      }
      setCopied('selected');
    }
  };
  return (
    <div data-testid="pair-invitation" className="invite-row">
      <p className="invite-link" ref={ref}>
        {props.text}
      </p>
      {!insideTelegram() && (
        <button type="button" className="btn btn-secondary" onClick={copy} data-testid="pair-invite-copy">
          Скопировать
        </button>
      )}
      {/* The outcome is said once, here: the button keeps its label. */}
      <span role="status" className="hint" data-testid="pair-invite-copied">
        {copied === 'copied' ? 'Ссылка скопирована' : copied === 'selected' ? 'Ссылка выделена — скопируйте её' : ''}
      </span>
    </div>
  );
}
