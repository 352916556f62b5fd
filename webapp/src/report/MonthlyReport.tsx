// «Итоги месяца»: the past month's report — a few sentences from the journal's figures and its share-style
// picture (drawn on the server). Opening it is what makes home's offer go.
import { useEffect, useState } from 'react';
import { mutate } from 'swr';
import { useLocation, useParams } from 'wouter';
import { ErrorBlock } from '../components/ErrorBlock';
import { Page } from '../components/Page';
import { useApi } from '../data';
import { getReport, REPORT_OFFER_KEY, reportKey, reportPicture } from './report-api';
import './report.css';

function ReportPicture({ month, title }: { month: string; title: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    reportPicture(month).then(
      (blob) => {
        made = URL.createObjectURL(blob);
        if (live) setUrl(made);
      },
      (err: Error) => live && setFailed(err.message),
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [month]);
  if (failed) return <p className="hint">{failed}</p>;
  if (!url) return <div className="report-picture report-picture-wait" aria-busy="true" />;
  return (
    <figure className="report-picture">
      <img src={url} alt={`Картинка «${title}»`} data-testid="report-picture" />
      <a className="btn btn-secondary btn-block" href={url} download={`itogi-${month}.jpg`}>
        Сохранить картинку
      </a>
    </figure>
  );
}

export default function MonthlyReport() {
  const [, navigate] = useLocation();
  const { month } = useParams<{ month: string }>();
  const { data, error, reload } = useApi(reportKey(month), () => getReport(month));
  // Opened: home's offer is gone on the server; drop the kept one too.
  useEffect(() => {
    if (data) void mutate(REPORT_OFFER_KEY, { offer: null }, { revalidate: false });
  }, [data]);

  return (
    <Page back={() => navigate('/')} testId="monthly-report" loading={!data && !error}>
      <header className="screen-head">
        <p className="kicker">Итоги месяца</p>
        <h1 className="title">{data?.title ?? 'Итоги месяца'}</h1>
      </header>
      {error && <ErrorBlock message={error.message} onRetry={error.status === 404 ? undefined : reload} />}
      {data && (
        <>
          <section className="panel report-text" data-testid="report-text">
            {data.lines.map((l) => (
              <p key={l}>{l}</p>
            ))}
          </section>
          <ReportPicture month={month} title={data.title} />
          <button type="button" className="btn btn-secondary btn-block" onClick={() => navigate('/journal')}>
            Открыть дневник
          </button>
        </>
      )}
    </Page>
  );
}
