// A screen's frame. The page owns the Back button: Telegram's own inside Telegram, an on-page one in a
// browser tab. Home passes no `back`.
import { useEffect, type ReactNode } from 'react';
import { markReady, useBackButton } from '../telegram/bridge';

export function Page(props: { back?: () => void; children: ReactNode; className?: string; testId?: string; loading?: boolean }) {
  const native = useBackButton(props.back ?? null);
  // Telegram's ready(): after the first meaningful render, i.e. once the screen has its content.
  useEffect(() => {
    if (!props.loading) markReady();
  }, [props.loading]);
  return (
    <main className={`page ${props.className ?? ''}`} data-testid={props.testId}>
      {props.back && !native && (
        <button type="button" className="back-link" onClick={props.back} data-testid="back">
          <span aria-hidden="true">‹</span> Назад
        </button>
      )}
      {props.children}
    </main>
  );
}
