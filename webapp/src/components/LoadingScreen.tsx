// The loading screen: title, subtitle, message, a tarot tip chosen at random every 5 s, and
// a progress bar.
import { useEffect, useState } from 'react';
import { LOADING_TIPS } from '../../../domain/commerce/marketing';

export const TIP_INTERVAL_MS = 5000;

function nextTip(current: number): number {
  if (LOADING_TIPS.length < 2) return 0;
  let n = current;
  while (n === current) n = Math.floor(Math.random() * LOADING_TIPS.length);
  return n;
}

export function LoadingScreen(props: { title?: string; subtitle?: string; message?: string }) {
  const [tip, setTip] = useState(() => Math.floor(Math.random() * LOADING_TIPS.length));
  useEffect(() => {
    const t = setInterval(() => setTip((c) => nextTip(c)), TIP_INTERVAL_MS);
    return () => clearInterval(t);
  }, []);
  return (
    <section className="loading-screen" aria-busy="true" data-testid="loading-screen">
      <div className="orb" aria-hidden="true">
        <span className="orb-star">✦</span>
      </div>
      <h2>{props.title ?? 'Карты раскрывают свои тайны'}</h2>
      <p className="hint">{props.subtitle ?? 'Толкование вашего расклада готовится'}</p>
      <div className="progress" role="progressbar" aria-label="Подготовка толкования">
        <div className="progress-bar" />
      </div>
      <p className="loading-message">{props.message ?? 'Это займёт несколько секунд…'}</p>
      <div className="tip" data-testid="loading-tip">
        <span className="tip-label">Совет таролога</span>
        <p key={tip}>{LOADING_TIPS[tip]}</p>
      </div>
    </section>
  );
}
