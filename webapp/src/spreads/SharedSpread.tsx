// A shared spread's link: its design, and «Добавить к себе» for a VIP (others see the plan offered below).
import { useState } from 'react';
import { ApiError } from '../api';
import { useApi } from '../data';
import { haptic } from '../telegram/bridge';
import { SpreadGrid } from './SpreadGrid';
import { copyShared, getShared, spreadKeys } from './spreads-api';

export function SharedSpread(props: { token: string; canCopy: boolean; onCopied: () => void }) {
  const { data, error } = useApi(spreadKeys.shared(props.token), () => getShared(props.token));
  const [state, setState] = useState<{ done: boolean; message: string } | null>(null);
  if (error) return <p className="pay-message">{error.message}</p>;
  if (!data) return null;
  const copy = async () => {
    try {
      await copyShared(props.token);
      haptic('success');
      setState({ done: true, message: `«${data.name}» теперь среди ваших раскладов.` });
      props.onCopied();
    } catch (e) {
      setState({ done: false, message: e instanceof ApiError ? e.message : 'Не получилось' });
    }
  };
  return (
    <section className="panel shared-spread" data-testid="shared-spread">
      <p className="kicker">С вами поделились раскладом</p>
      <strong>{data.name}</strong>
      <SpreadGrid positions={data.positions} />
      {props.canCopy && !state?.done && (
        <button type="button" className="btn btn-primary btn-block" onClick={() => void copy()} data-testid="copy-shared">
          Добавить к себе
        </button>
      )}
      {state && (
        <p className={`pay-message${state.done ? ' is-ok' : ''}`} data-testid="copy-result">
          {state.message}
        </p>
      )}
    </section>
  );
}
