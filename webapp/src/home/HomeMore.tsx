// Home below its first screen, a chunk of its own so that the greeting and today's card need less code: the
// streak and the moon, the install offer, the main menu (with the VIP price), the figures the server counted,
// the guarantees and the footer links.
import type { ComponentProps } from 'react';
import { ProofStrip } from '../components/ProofStrip';
import { HomeScreenOffer, MoonCard, StreakCard } from './Ritual';
import type { UserStatus } from '../api';
import { ReportOffer } from '../report/ReportOffer';
import { HomeFooter } from './HomeFooter';
import { HomeMenu } from './HomeMenu';

export default function HomeMore({ s, proof }: { s: UserStatus | undefined; proof: ComponentProps<typeof ProofStrip>['items'] }) {
  return (
    <>
      {s && <ReportOffer />}

      <section className="ritual" aria-label="Ритуал дня">
        {s && <StreakCard s={s} />}
        <MoonCard />
        {s && <HomeScreenOffer s={s} />}
      </section>

      <HomeMenu s={s} />

      {/* Counted by the server (the status carries it); hidden while the numbers are small. */}
      <ProofStrip items={proof} testId="home-proof" />

      <HomeFooter />
    </>
  );
}
