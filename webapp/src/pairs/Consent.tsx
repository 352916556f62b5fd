// Someone's invitation, opened from its start parameter: who invites, what both will see, «Согласиться».
import { useConsent } from './usePairs';

export function Consent(props: { token: string; onDone: () => void }) {
  const { data, error, busy, failed, close, accept } = useConsent(props.token, props.onDone);
  if (error)
    return (
      <section className="panel" data-testid="pair-consent">
        <h2>Приглашение не работает</h2>
        <p>{error.message.replace(/^token: /, '')}</p>
        <button type="button" className="btn btn-secondary" onClick={close}>
          Понятно
        </button>
      </section>
    );
  if (!data) return <span className="spinner" role="status" aria-label="Загрузка…" />;
  return (
    <section className="panel" data-testid="pair-consent">
      <h2>{data.own ? 'Это ваше приглашение' : `${data.inviter} приглашает вас в «Расклад на двоих»`}</h2>
      {data.own ? (
        <p>Отправьте ссылку тому, с кем хотите смотреть расклады вместе.</p>
      ) : (
        <>
          <p>Если вы согласитесь, вы оба увидите:</p>
          <ul>
            <li>
              совместимость ваших натальных карт (если каждый заполнил свою): положение Солнца, Луны, Венеры, Марса и Асцендента и аспекты
              между ними;
            </li>
            <li>расклады на двоих, которые задаст {data.inviter}, с их толкованием.</li>
          </ul>
          <p>
            Ваши собственные расклады и заметки останутся видны только вам. Выйти из пары можно в любой момент — тогда партнёр перестанет
            видеть вашу карту. Подписка вам не нужна.
          </p>
          {failed && (
            <p className="error" role="alert">
              {failed}
            </p>
          )}
          <button type="button" className="btn btn-primary" disabled={busy} onClick={accept} data-testid="pair-accept">
            Согласиться
          </button>
        </>
      )}
      <button type="button" className="btn btn-secondary" onClick={close}>
        {data.own ? 'Закрыть' : 'Не сейчас'}
      </button>
    </section>
  );
}
