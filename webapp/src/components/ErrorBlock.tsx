// A failed call the user can act on: the message (in Russian) and a way forward.
import type { ReactNode } from 'react';

export function ErrorBlock(props: { message: string; onRetry?: () => void; children?: ReactNode; title?: string }) {
  return (
    <div className="error-block" role="alert" data-testid="error-block">
      {props.title && <strong className="error-title">{props.title}</strong>}
      <p>{props.message}</p>
      {props.children}
      {props.onRetry && (
        <button type="button" className="btn btn-secondary" onClick={props.onRetry} data-testid="retry">
          Повторить
        </button>
      )}
    </div>
  );
}
