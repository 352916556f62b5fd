// The host of the zoomed card: mounted once in the app, it loads the dialog (a lazy chunk with the card
// meanings) only when a card is tapped, and closes it when the screen changes.
import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'wouter';
import { closeZoom, useZoom } from '../zoom';

const CardZoomDialog = lazy(() => import('./CardZoomDialog'));

export function CardZoomHost() {
  const card = useZoom();
  const [location] = useLocation();
  useEffect(() => closeZoom(), [location]);
  if (!card) return null;
  return (
    <Suspense fallback={null}>
      <CardZoomDialog card={card} onClose={closeZoom} />
    </Suspense>
  );
}
