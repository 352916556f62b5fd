// The bot's one-time link (/auth/<token>): the page spends the token with a POST (a link preview or a
// prefetcher that only GETs the page cannot use it up), which sets the session cookie; then home.
import { useEffect, useState } from 'react';
import { signInWithLink } from '../auth/auth-api';
import OutsideTelegram from './OutsideTelegram';

let spending: Promise<unknown> | null = null;

export default function AuthLink() {
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    const token = window.location.pathname.slice('/auth/'.length);
    // Once per page, even when React runs the effect twice.
    spending ??= signInWithLink(token);
    spending.then(
      () => window.location.replace('/'),
      // The spent token in the address is worth nothing now; the page offers the ways back in.
      () => setRefused(true),
    );
  }, []);
  if (refused) return <OutsideTelegram refused />;
  return (
    <main className="page center" aria-busy="true">
      <span className="spinner spinner-lg" role="status" aria-label="Входим…" />
    </main>
  );
}
