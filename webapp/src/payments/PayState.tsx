// What became of a payment the widget started, under its button: the embedded form's container, success (only
// once the server confirmed it), a payment not confirmed yet with a re-check, or the error.
export type State =
  | { kind: 'idle' }
  | { kind: 'processing' }
  | { kind: 'embedded'; token: string }
  | { kind: 'confirming' }
  | { kind: 'success' }
  | { kind: 'unconfirmed' }
  | { kind: 'error'; message: string };

export const WIDGET_TEXT = {
  noUser: 'Не удалось определить пользователя. Перезапустите приложение или откройте его через Telegram.',
  loadingUser: 'Загрузка данных пользователя...',
  error: 'Произошла ошибка. Попробуйте ещё раз.',
  failed: 'Не удалось завершить оплату. Попробуйте ещё раз.',
  success: 'Подписка успешно активирована!',
  unconfirmed: 'Оплата ещё не подтверждена. Если вы уже оплатили, проверьте статус через несколько секунд.',
  processing: 'Переходим к оплате…',
} as const;

export function PayState(props: { state: State; id: string; containerId: string; onRecheck: () => void }) {
  const { state, id } = props;
  return (
    <>
      {state.kind === 'embedded' && <div id={props.containerId} className="yoo-widget" data-testid={`${id}-embedded`} />}
      {state.kind === 'success' && (
        <p className="pay-message is-ok" role="status" data-testid={`${id}-success`}>
          {WIDGET_TEXT.success}
        </p>
      )}
      {state.kind === 'unconfirmed' && (
        <div className="pay-message is-wait" role="status" data-testid={`${id}-unconfirmed`}>
          <p>{WIDGET_TEXT.unconfirmed}</p>
          <button type="button" className="btn btn-secondary" onClick={props.onRecheck}>
            Проверить ещё раз
          </button>
        </div>
      )}
      {state.kind === 'error' && (
        <p className="pay-message" role="alert" data-testid={`${id}-error`}>
          {state.message}
        </p>
      )}
    </>
  );
}
