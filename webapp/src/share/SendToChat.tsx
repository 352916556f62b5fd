// «Отправить в чат»: when the Mini App was opened from the bot's keyboard button (Telegram gives no initData
// there, but allows sendData), the reading goes to the bot as web_app_data — the data plus timestamp, userId
// and userAgent — and the bot answers in the chat. The sync state is shown: idle, syncing, synced, error.
import { useState } from 'react';
import { useStatus } from '../hooks/useStatus';
import { insideTelegram, readLaunchParams } from '../telegram/launch';
import { sendData } from '../telegram/methods';

export type SyncStatus = 'idle' | 'syncing' | 'synced' | 'error';

/** A keyboard-button launch: inside Telegram, with the server's launch token and no initData. */
export function keyboardLaunch(): boolean {
  const p = readLaunchParams();
  return insideTelegram() && !p.initData && !!p.launchToken;
}

/** The message sent to the bot (Telegram allows 4096 bytes). */
export function botMessage(data: Record<string, unknown>, userId: number): string {
  return JSON.stringify({ ...data, timestamp: new Date().toISOString(), userId, userAgent: navigator.userAgent.slice(0, 300) });
}

const LABELS: Record<SyncStatus, string> = {
  idle: '',
  syncing: 'Отправляем в чат…',
  synced: 'Отправлено в чат — бот ответит там',
  error: 'Не удалось отправить в чат. Откройте приложение кнопкой бота и попробуйте ещё раз.',
};

export function SendToChat(props: { readingId: number }) {
  const { data } = useStatus();
  const [sync, setSync] = useState<SyncStatus>('idle');

  const send = async () => {
    setSync('syncing');
    const userId = data?.user.id;
    // Without a signed identity there is nobody to send for.
    if (!userId || (!readLaunchParams().launchToken && !readLaunchParams().initData)) {
      setSync('error');
      return;
    }
    const ok = await sendData(botMessage({ type: 'reading', readingId: props.readingId }, userId));
    setSync(ok ? 'synced' : 'error');
  };

  return (
    <div className="send-to-chat" data-sync={sync} data-testid="send-to-chat">
      <button
        type="button"
        className="btn btn-secondary btn-block"
        disabled={sync === 'syncing' || sync === 'synced'}
        onClick={() => void send()}
        data-testid="send-to-chat-button"
      >
        Отправить в чат
      </button>
      {sync !== 'idle' && (
        <p className={`field-hint${sync === 'error' ? ' is-error' : ''}`} role="status" data-testid="send-to-chat-status">
          {LABELS[sync]}
        </p>
      )}
    </div>
  );
}
