// A screen's primary action: Telegram's Main button inside Telegram, an on-page button in a browser tab.
import { useMainButton } from '../telegram/bridge';

export function MainAction(props: {
  text: string;
  onClick: () => void;
  enabled?: boolean;
  loading?: boolean;
  hidden?: boolean;
  testId?: string;
}) {
  const enabled = (props.enabled ?? true) && !props.loading;
  const native = useMainButton({ text: props.text, visible: !props.hidden, enabled, loading: props.loading, onClick: props.onClick });
  if (native || props.hidden) return null;
  return (
    <div className="main-action">
      <button type="button" className="btn btn-primary btn-block" disabled={!enabled} onClick={props.onClick} data-testid={props.testId}>
        {props.loading ? <span className="spinner" aria-hidden="true" /> : null}
        {props.text}
      </button>
    </div>
  );
}
