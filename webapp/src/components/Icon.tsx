// The app's own line icons (24×24, stroked in currentColor), so screens look the same on every device
// whether or not it has an emoji font.
import { isSpreadType } from '../../../domain/types';
import { SPREAD_LOOKS } from '../layouts/spread-layouts';

const PATHS = {
  moon: 'M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5Z M16 3.5l.5 1.5 1.5.5-1.5.5-.5 1.5-.5-1.5-1.5-.5 1.5-.5Z',
  orb: 'M12 3a7 7 0 0 1 4.6 12.3H7.4A7 7 0 0 1 12 3Z M7 15.3 5.5 19h13L17 15.3 M5 21h14 M9.5 7.5a3 3 0 0 1 2.5-1.3',
  scroll: 'M7 4h11a2 2 0 0 1 2 2v1h-4 M16 7v11a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-1h10v1a2 2 0 0 0 2 2 M7 4a2 2 0 0 0-2 2v11 M9 9h4 M9 12.5h4',
  crown: 'M3.5 8l4 4 4.5-6.5L16.5 12l4-4-1.8 10H5.3Z M5.5 21h13',
  gear: 'M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6Z M12 2.5v2.6 M12 18.9v2.6 M21.5 12h-2.6 M5.1 12H2.5 M18.7 5.3l-1.8 1.8 M7.1 16.9l-1.8 1.8 M18.7 18.7l-1.8-1.8 M7.1 7.1 5.3 5.3',
  shield: 'M12 3l7.5 3v5.5c0 4.6-3.2 8.3-7.5 9.5-4.3-1.2-7.5-4.9-7.5-9.5V6Z M8.5 12l2.5 2.5 4.5-5',
  lock: 'M6 11h12v9H6Z M8.5 11V8a3.5 3.5 0 0 1 7 0v3 M12 14.5v2',
  bolt: 'M13 2.5 5 13.5h6l-1 8 8-11h-6Z',
  undo: 'M9 14 4 9l5-5 M4 9h10.5a5.5 5.5 0 0 1 0 11H11',
  sun: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z M12 2.5v2.5 M12 19v2.5 M21.5 12H19 M5 12H2.5 M18.7 5.3 17 7 M7 17l-1.7 1.7 M18.7 18.7 17 17 M7 7 5.3 5.3',
  hourglass: 'M6.5 3h11 M6.5 21h11 M7.5 3c0 5 9 6 9 9s-9 4-9 9 M16.5 3c0 5-9 6-9 9s9 4 9 9 M10 18.5h4',
  heart: 'M12 20s-7.5-4.6-7.5-10A4.3 4.3 0 0 1 12 7.3 4.3 4.3 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10Z',
  briefcase: 'M4 7.5h16v11H4Z M9 7.5V5.5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2 M4 12.5h16 M11 12.5v1.5h2v-1.5',
  leaf: 'M5 19c0-8 5-13.5 14.5-14-0.5 9.5-6 14.5-14 14Z M5 19l8-8',
  cross: 'M12 2.5v19 M5.5 9.5h13 M12 6a3.5 3.5 0 1 0 0 7 3.5 3.5 0 1 0 0-7Z',
  eye: 'M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Z M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6Z M12 2v1.5 M4.5 4.5l1 1 M19.5 4.5l-1 1',
  cards: 'M8 4h9a1.5 1.5 0 0 1 1.5 1.5v13A1.5 1.5 0 0 1 17 20H8a1.5 1.5 0 0 1-1.5-1.5v-13A1.5 1.5 0 0 1 8 4Z M6.5 6.5 4.6 7a1.5 1.5 0 0 0-1 1.8l2.9 10.6 M12.5 9l1 2 2 1-2 1-1 2-1-2-2-1 2-1Z',
  sparkle: 'M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8Z M19 16l.7 1.8 1.8.7-1.8.7L19 21l-.7-1.8-1.8-.7 1.8-.7Z',
  calendar: 'M4 6h16v14H4Z M4 10h16 M8 3.5v4 M16 3.5v4 M8 14h2 M12 14h2 M16 14h2 M8 17h2 M12 17h2',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon(props: { name: IconName; size?: number; className?: string }) {
  const size = props.size ?? 22;
  return (
    <svg
      className={`icon ${props.className ?? ''}`}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[props.name]} />
    </svg>
  );
}

/** A spread's icon (its entry in SPREAD_LOOKS); a type no longer in the catalogue shows cards. */
export function SpreadIcon(props: { spreadType: string; size?: number }) {
  return <Icon name={isSpreadType(props.spreadType) ? SPREAD_LOOKS[props.spreadType].icon : 'cards'} size={props.size} />;
}
