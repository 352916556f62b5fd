// The dashboard's «Рефералы» tab: friends who came by personal links, rewards granted and refused, and the
// inviters who brought most in the period.
import { Figures } from './ActivityTabs';
import type { Referrals } from './admin-api';

const num = (n: number) => n.toLocaleString('ru-RU');

export function ReferralsTab({ r }: { r: Referrals }) {
  return (
    <section className="panel" data-testid="admin-referrals">
      <Figures
        items={[
          ['Пришли по личной ссылке', num(r.joined), 'referrals-joined'],
          ['Наград (по одному раскладу обоим)', num(r.granted), 'referrals-granted'],
          ['Отказано в награде', num(r.refused), 'referrals-refused'],
        ]}
      />
      {r.inviters.length === 0 ? (
        <p className="muted">За этот период никто не привёл друзей.</p>
      ) : (
        <div className="admin-scroll">
          <table className="admin-table" data-testid="admin-referrals-table">
            <thead>
              <tr>
                <th>Пригласивший</th>
                <th>Наград</th>
                <th>Отказ: аккаунты в одну минуту</th>
                <th>Отказ: лимит месяца</th>
              </tr>
            </thead>
            <tbody>
              {r.inviters.map((i) => (
                <tr key={i.userId}>
                  <td>{i.name}</td>
                  <td>{num(i.granted)}</td>
                  <td>{num(i.sameMinute)}</td>
                  <td>{num(i.monthlyCap)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
