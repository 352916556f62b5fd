// «Свой расклад» refused by the server: its message, and the plans when the spread needs one (402).
import { useLocation } from 'wouter';
import type { ApiError } from '../api';
import { ErrorBlock } from '../components/ErrorBlock';

export function OwnFailure({ failure }: { failure: ApiError }) {
  const [, navigate] = useLocation();
  return (
    <ErrorBlock message={failure.message}>
      {failure.status === 402 && (
        <button type="button" className="btn btn-gold" onClick={() => navigate('/subscription')} data-testid="own-subscribe">
          Посмотреть подписки
        </button>
      )}
    </ErrorBlock>
  );
}
