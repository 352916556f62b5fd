import { useEffect, useState } from 'react';
import { api, ApiError } from '../api';
import { formatCountdown } from '../../../domain/time';

interface StatusResponse {
  user: { firstName: string };
  userStatus: {
    subscriptionType: string;
    remainingSpreads: number;
    maxDailySpreads: number;
    freeSpreadAvailable: boolean;
    resetsAt: string;
  };
}

export function Home() {
  const [data, setData] = useState<StatusResponse | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api<StatusResponse>('/api/user/status')
      .then(setData)
      .catch((e: ApiError) => setError(e.status === 401 ? 'Откройте приложение через Telegram' : e.message));
  }, []);

  const name = data?.user.firstName || 'гость';
  const s = data?.userStatus;
  return (
    <main className="page">
      <h1 data-testid="greeting">{data ? `Здравствуйте, ${name}!` : 'Добро пожаловать!'}</h1>
      {error && <p className="error" role="alert">{error}</p>}
      {s && (
        <p className="badge" data-testid="free-spread-badge">
          {s.freeSpreadAvailable
            ? s.subscriptionType === 'free'
              ? 'Бесплатный расклад доступен'
              : `Осталось раскладов сегодня: ${s.remainingSpreads}`
            : `Бесплатный расклад использован. Новый через ${formatCountdown(new Date(s.resetsAt).getTime() - Date.now())}`}
        </p>
      )}
    </main>
  );
}
