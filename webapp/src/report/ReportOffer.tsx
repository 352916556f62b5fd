// Home's card for «Итоги месяца»: shown in the first days of a month while the past month's report is neither
// opened nor dismissed (the server decides and remembers); «Не сейчас» puts it away for good.
import { useState } from 'react';
import { mutate } from 'swr';
import { useLocation } from 'wouter';
import { useApi } from '../data';
import { dismissReport, getReportOffer, REPORT_OFFER_KEY } from './report-api';
import './report.css';

export function ReportOffer() {
  const [, navigate] = useLocation();
  const { data } = useApi(REPORT_OFFER_KEY, getReportOffer);
  const [busy, setBusy] = useState(false);
  const offer = data?.offer;
  if (!offer) return null;

  const dismiss = async () => {
    setBusy(true);
    try {
      await dismissReport(offer.month);
      void mutate(REPORT_OFFER_KEY, { offer: null }, { revalidate: false });
    } catch {
      setBusy(false);
    }
  };

  return (
    <section className="report-offer" aria-labelledby="report-offer-title" data-testid="report-offer">
      <p className="report-offer-kicker">Ваш месяц в картах</p>
      <h2 id="report-offer-title">{offer.title}</h2>
      <p>Какие карты возвращались, о чём вы спрашивали и как оценивали расклады.</p>
      <div className="report-offer-actions">
        <button type="button" className="btn btn-primary" onClick={() => navigate(`/report/${offer.month}`)} data-testid="report-open">
          Посмотреть итоги
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void dismiss()} data-testid="report-dismiss">
          Не сейчас
        </button>
      </div>
    </section>
  );
}
