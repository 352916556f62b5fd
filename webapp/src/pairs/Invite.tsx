// «Пригласить партнёра»: a VIP's new invitation, chosen in Telegram where the client can, else shared as a message.
import { useLocation } from 'wouter';
import { InvitationLink } from './InvitationLink';
import { usePairInvite } from './usePairs';

export function Invite() {
  const [, navigate] = useLocation();
  const { vip, vipPrice, inv, failed, canChoose, chosen, make } = usePairInvite();
  return (
    <section className="panel">
      <h2>Пригласить партнёра</h2>
      <p className="hint">Ссылка одноразовая и действует 7 дней. Пара появится, только когда партнёр согласится.</p>
      {!vip && (
        <p className="hint" data-testid="pair-invite-vip">
          Приглашать в пару можно с VIP-подпиской{vipPrice ? ` (${vipPrice})` : ''}. Принять чужое приглашение можно без подписки.
        </p>
      )}
      {inv && <InvitationLink text={inv.link ?? inv.startParam} />}
      {chosen && (
        <p className="hint" role="status" data-testid="pair-choose-status">
          {chosen === 'sent'
            ? 'Бот отправит приглашение выбранному человеку и напишет вам в чат, получилось ли.'
            : 'Партнёр не выбран — отправьте приглашение в чат сами.'}
        </p>
      )}
      {failed && (
        <p className="error" role="alert">
          {failed.message}
        </p>
      )}
      {!vip || failed?.status === 402 ? (
        <button type="button" className="btn btn-primary" onClick={() => navigate('/subscription')} data-testid="pair-invite-subscribe">
          Оформить VIP
        </button>
      ) : (
        <>
          {canChoose && (
            <button type="button" className="btn btn-primary" onClick={() => make(true)} data-testid="pair-choose">
              Выбрать партнёра в Telegram
            </button>
          )}
          <button
            type="button"
            className={`btn ${canChoose ? 'btn-secondary' : 'btn-primary'}`}
            onClick={() => make(false)}
            data-testid="pair-invite"
          >
            {inv ? 'Новая ссылка' : 'Создать приглашение'}
          </button>
        </>
      )}
    </section>
  );
}
