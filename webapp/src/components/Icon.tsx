// The app's own line icons (24×24, stroked in currentColor), so screens look the same on every device
// whether or not it has an emoji font.
import { isSpreadType } from '../../../domain/types';
import { SPREAD_LOOKS } from '../layouts/spread-layouts';
import { ICON_PATHS as PATHS, type IconName } from './icon-paths';

export type { IconName };

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
