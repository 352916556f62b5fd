// The day's spreads are used up: when new ones come, the question kept, and VIP's unlimited spreads.
import { useLocation } from 'wouter';
import { Countdown } from '../components/Countdown';
import { Icon } from '../components/Icon';
import { usePrices } from '../payments/prices';

export function CardsLimit({ message, resetsAt, onReset }: { message: string; resetsAt: string | null; onReset: () => void }) {
  const [, navigate] = useLocation();
  const vipPrice = usePrices(true).monthly('vip');
  return (
    <section className="panel center limit" data-testid="limit-reached">
      <div className="big-icon">
        <Icon name="hourglass" size={40} />
      </div>
      <h2>{message || 'Лимит раскладов на сегодня исчерпан.'}</h2>
      {resetsAt && (
        <p>
          Новые расклады через <Countdown until={resetsAt} onEnd={onReset} testId="limit-countdown" />
        </p>
      )}
      <p className="hint">Ваш вопрос сохранён — вернитесь к нему, когда расклады обновятся.</p>
      <div className="stack">
        <button type="button" className="btn btn-gold btn-block" onClick={() => navigate('/subscription')}>
          {vipPrice ? `Безлимит с VIP за ${vipPrice}` : 'Безлимит с VIP'}
        </button>
        <button type="button" className="btn btn-secondary btn-block" onClick={() => navigate('/')}>
          На главную
        </button>
      </div>
    </section>
  );
}
