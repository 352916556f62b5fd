// The three readers' portraits, drawn in the app's style: a round medallion in the palette (violet, gold),
// a face in line art and each reader's sign (a heart for Вера, a compass star for Глеб, a crescent for Аглая).
import type { ReactElement } from 'react';
import type { Voice } from '../../../domain/tarot/voices';

const SIGNS: Record<Voice, ReactElement> = {
  gentle: <path d="M32 47c-5-4-8-6.5-8-10a4 4 0 0 1 8-1 4 4 0 0 1 8 1c0 3.5-3 6-8 10z" className="portrait-sign" />,
  straight: <path d="M32 36l2 6 6 2-6 2-2 6-2-6-6-2 6-2z" className="portrait-sign" />,
  mystic: <path d="M36 36a8 8 0 1 0 0 14 6.5 6.5 0 1 1 0-14z" className="portrait-sign" />,
};

const HAIR: Record<Voice, string> = {
  // Soft waves falling to the shoulders.
  gentle: 'M18 30c0-9 6-15 14-15s14 6 14 15c0 6 3 9 3 13-4 0-6-3-7-6M18 30c0 6-3 9-3 13 4 0 6-3 7-6',
  // Short, neat.
  straight: 'M20 27c1-8 6-12 12-12s11 4 12 12c-3-3-7-5-12-5s-9 2-12 5z',
  // A hood with a star.
  mystic: 'M14 44c0-18 7-31 18-31s18 13 18 31M32 9l1 2.5 2.5 1-2.5 1-1 2.5-1-2.5-2.5-1 2.5-1z',
};

export function Portrait({ voice, size = 56 }: { voice: Voice; size?: number }) {
  return (
    <svg
      className={`portrait portrait-${voice}`}
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      data-testid={`portrait-${voice}`}
    >
      <circle cx="32" cy="32" r="31" className="portrait-bg" />
      <circle cx="32" cy="32" r="28" className="portrait-ring" />
      <g className="portrait-line">
        <path d={HAIR[voice]} />
        <ellipse cx="32" cy="29" rx="8" ry="9.5" />
        <path d="M28.5 28.5q1 1 2 0M33.5 28.5q1 1 2 0" />
        <path d={voice === 'straight' ? 'M29.5 34h5' : 'M29.5 33.5q2.5 2 5 0'} />
        <path d="M20 56c1-8 6-12 12-12s11 4 12 12" />
      </g>
      <g transform="translate(0 6) scale(1)">{SIGNS[voice]}</g>
    </svg>
  );
}
