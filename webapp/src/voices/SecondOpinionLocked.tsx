// «Второе мнение» on a plan without it: what each reader gives, the plans that open it (the server's words)
// and the offer.
import { useLocation } from 'wouter';
import { Icon } from '../components/Icon';
import { VOICE_INFO, VOICES } from '../../../domain/tarot/voices';
import { Portrait } from './Portrait';

export function SecondOpinionLocked({ lockedText }: { lockedText: string | null }) {
  const [, navigate] = useLocation();
  return (
    <div className="panel second-opinion-locked" data-testid="second-opinion-locked">
      <p>
        <Icon name="lock" size={18} /> <strong>Спросить другого таролога</strong> — те же карты, прочитанные другим голосом:
      </p>
      <ul className="voice-list">
        {VOICES.map((v) => (
          <li key={v} className="voice-row">
            <Portrait voice={v} size={40} />
            <span>
              <span>
                <strong>{VOICE_INFO[v].name}</strong> · {VOICE_INFO[v].manner}
              </span>
              <span className="voice-manner">{VOICE_INFO[v].summary}</span>
            </span>
          </li>
        ))}
      </ul>
      {lockedText && (
        <p className="hint" data-testid="second-opinion-plans">
          {lockedText}
        </p>
      )}
      <button type="button" className="btn btn-gold btn-block" onClick={() => navigate('/subscription')} data-testid="second-opinion-offer">
        Открыть второе мнение
      </button>
    </div>
  );
}
