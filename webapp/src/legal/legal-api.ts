// The legal pages' data: the provider's details from configuration (GET /api/config/legal). The pages
// still render with the defaults when the call fails: the agreement's text needs no identifiers.
import { useEffect, useState } from 'react';
import { legalView, type LegalView } from '../../../domain/commerce/legal';
import { call, client } from '../api';

export function useLegal(): { legal: LegalView; loaded: boolean } {
  const [legal, setLegal] = useState<LegalView>(() => legalView(undefined));
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    call(client.config.legal.$get())
      .then((v) => live && setLegal(v))
      .catch(() => {
        /* defaults stand */
      })
      .finally(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, []);
  return { legal, loaded };
}

/** The bot's chat in support mode (`?start=support`: the bot opens a support conversation), or null when unknown. */
export function useSupportLink(): string | null {
  const [link, setLink] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    call(client['bot-link'].$get())
      .then(({ url }) => {
        if (!live || !url) return;
        const u = new URL(url);
        u.searchParams.set('start', 'support');
        setLink(u.toString());
      })
      .catch(() => {
        /* no button */
      });
    return () => {
      live = false;
    };
  }, []);
  return link;
}
