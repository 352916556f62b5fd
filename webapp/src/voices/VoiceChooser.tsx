// «Кто прочтёт ваши карты ещё раз?»: the three readers to choose from (one already asked points up to its
// answer) and today's allowance.
import { VOICE_INFO, VOICES, type Voice } from '../../../domain/tarot/voices';
import { Portrait } from './Portrait';
import type { SecondOpinionAllowance } from './second-opinion-api';

export function VoiceChooser(props: {
  asked: Set<Voice>;
  allowance: SecondOpinionAllowance;
  busy: boolean;
  onChoose: (voice: Voice) => void;
}) {
  const { asked, allowance, busy } = props;
  return (
    <div className="panel second-opinion-chooser" data-testid="second-opinion-chooser">
      <p className="follow-up-label">Кто прочтёт ваши карты ещё раз?</p>
      <div className="voice-choices">
        {VOICES.map((v) => (
          <button
            type="button"
            key={v}
            className={`voice-choice${asked.has(v) ? ' is-asked' : ''}`}
            disabled={busy || (!asked.has(v) && allowance.remaining <= 0)}
            onClick={() => props.onChoose(v)}
            data-testid={`voice-${v}`}
          >
            <Portrait voice={v} size={56} />
            <strong>{VOICE_INFO[v].name}</strong>
            <span className="voice-manner">{asked.has(v) ? 'ответ — выше' : VOICE_INFO[v].manner}</span>
          </button>
        ))}
      </div>
      <p className="hint" data-testid="second-opinion-remaining">
        {allowance.remaining > 0
          ? `Сегодня осталось: ${allowance.remaining} из ${allowance.limit}`
          : `Вторые мнения на сегодня закончились (${allowance.used} из ${allowance.limit}). Завтра можно снова.`}
      </p>
    </div>
  );
}
