// The daily ritual on the home screen: the streak of days with the daily card, the moon's phase and lunar
// day (computed by the server), and the once-only offer to add the app to the home screen after a 3-day
// streak (inside Telegram only).
import { useEffect, useState } from 'react';
import { getMoon, homeScreenOffer, type UserStatus } from '../api';
import { keys, useApi } from '../data';
import { addToHomeScreen } from '../telegram/methods';
import { insideTelegram } from '../telegram/launch';
import { daysWord, streakLine } from '../../../domain/tarot/ritual';
import { MoonGlyph } from './MoonGlyph';

/** A small flame: gold when the streak is alive, a quiet outline before it starts. */
function Flame({ lit }: { lit: boolean }) {
  return (
    <svg className={`ritual-flame${lit ? ' lit' : ''}`} width="34" height="34" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M12 2c1 3.2 4.8 5.6 4.8 10.2A4.8 4.8 0 0 1 12 17a4.8 4.8 0 0 1-4.8-4.8c0-2 1-3.3 2-4.4.2 1.6 1 2.6 2 3 .3-3 .3-5.6.8-8.8Z"
        transform="translate(0 3)"
      />
    </svg>
  );
}

export function StreakCard({ s }: { s: UserStatus }) {
  const { streak } = s;
  return (
    <section className="ritual-streak" data-testid="streak">
      <Flame lit={streak.current > 0} />
      <div>
        <strong data-testid="streak-count">
          {streak.current > 0 ? `${streak.current} ${daysWord(streak.current)} подряд` : 'Серия карт дня'}
        </strong>
        <p data-testid="streak-line">{streakLine(streak)}</p>
      </div>
    </section>
  );
}

export function MoonCard() {
  // The moon is a nicety: without it (a failed load) the home screen is whole.
  const { data: moon } = useApi(keys.moon, getMoon);
  if (!moon) return null;
  return (
    <section className="ritual-moon" data-testid="moon">
      <MoonGlyph illumination={moon.illumination} waxing={moon.waxing} />
      <div>
        <strong data-testid="moon-phase">
          {moon.phase} · {moon.lunarDay}-й лунный день
        </strong>
        <p>{moon.hint}</p>
      </div>
    </section>
  );
}

/** After a 3-day streak, once: the server marks the offer as made the first time it is shown. */
export function HomeScreenOffer({ s }: { s: UserStatus }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!s.homeScreenOffer || !insideTelegram()) return;
    homeScreenOffer()
      .then((r) => setShown(r.offer))
      .catch(() => {});
  }, [s.homeScreenOffer]);
  if (!shown) return null;
  return (
    <section className="panel ritual-offer" data-testid="home-screen-offer">
      <p>
        <strong>Три дня подряд — это уже ритуал.</strong> Добавьте «Таро» на экран «Домой», чтобы карта дня была в одно касание.
      </p>
      <div className="ritual-offer-actions">
        <button
          type="button"
          className="btn btn-primary"
          data-testid="add-to-home"
          onClick={() => {
            void addToHomeScreen();
            setShown(false);
          }}
        >
          Добавить на экран
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => setShown(false)} data-testid="home-offer-later">
          Не сейчас
        </button>
      </div>
    </section>
  );
}
