import { useTranslation } from 'react-i18next';
import { LetterGrade } from '../../components/letter-grade';
import { type PortalArea, portalPath } from '../../lib/paths';
import styles from './portal.module.css';
import type { PortalAnswer } from './portal-api';
import type { PortalFormat } from './portal-format';
import { followLink } from './portal-location';

type Child = PortalAnswer<'home'>['children'][number];
type Today = NonNullable<Child['today']>;

const TONES: Record<Today['state'], string> = {
  in: 'good',
  left: 'good',
  late: 'warn',
  absent: 'bad',
  leave: 'info',
  none: 'none',
};

/** Today at a glance: in at 8:05, out at 1:10, or absent, late, on leave, nothing yet. */
function TodayLine({ today, f }: { today: Today; f: PortalFormat }) {
  const { t } = useTranslation('portal');
  const times = [
    today.firstEntryAt === null ? null : t('today.inAt', { time: f.clock(today.firstEntryAt) }),
    today.lastExitAt === null ? null : t('today.outAt', { time: f.clock(today.lastExitAt) }),
  ].filter(Boolean);
  return (
    <p className={styles.row}>
      <span className={styles.badge} data-tone={TONES[today.state]} data-testid="child-today">
        {t(`today.state.${today.state}`)}
      </span>
      {times.length > 0 ? <span className={styles.muted}>{times.join(' · ')}</span> : null}
    </p>
  );
}

/**
 * One child on the parent home (a student's own record on theirs): today's attendance, what is
 * due with "Pay now", the latest published result and the SMS not yet read here, each leading to
 * its page.
 */
export function ChildCard({ child, area, f }: { child: Child; area: PortalArea; f: PortalFormat }) {
  const { t } = useTranslation('portal');
  const query = `?student=${encodeURIComponent(child.studentId)}`;
  const link = (page: 'fees' | 'attendance' | 'reports' | 'classes' | 'messages') =>
    `${portalPath(area, page)}${query}`;
  const result = child.latestResult;
  return (
    <article className={styles.panel} data-testid="child-card" aria-labelledby={`child-${child.studentId}`}>
      <h2 id={`child-${child.studentId}`}>{child.name}</h2>
      <p className={styles.muted}>
        {[child.institution, ...child.classes.map((c) => c.name)].join(' · ')}
        {child.customId ? ` · ${t('child.id', { id: child.customId })}` : ''}
      </p>

      <h3>{t('child.today')}</h3>
      {child.today ? (
        <TodayLine today={child.today} f={f} />
      ) : (
        <p className={styles.muted}>{t('child.hidden')}</p>
      )}

      <h3>{t('child.due')}</h3>
      {child.dues ? (
        <div className={styles.row}>
          <span className={styles.big} data-testid="child-due">
            {f.money(child.dues.totalDuePaisa)}
          </span>
          {child.dues.totalDuePaisa > 0 && child.dues.canPay ? (
            <a
              href={link('fees')}
              onClick={followLink}
              className="bw-btn bw-btn--primary"
              data-testid="child-pay"
            >
              {t('child.payNow')}
            </a>
          ) : (
            <a href={link('fees')} onClick={followLink} className="bw-btn bw-btn--ghost">
              {t('child.seeFees')}
            </a>
          )}
        </div>
      ) : (
        <p className={styles.muted}>{t('child.hidden')}</p>
      )}

      <h3>{t('child.latestResult')}</h3>
      {result ? (
        <p className={styles.row} data-testid="child-result">
          <span>
            {result.term} · {result.classroomName}
          </span>
          <span className={styles.badge}>
            {result.gpa !== null ? t('result.gpa', { gpa: f.gpa(result.gpa) }) : f.percent(result.percent)}
            {result.letter ? (
              <>
                {' · '}
                <LetterGrade letter={result.letter} />
              </>
            ) : null}
          </span>
        </p>
      ) : (
        <p className={styles.muted}>{t('child.noResult')}</p>
      )}

      <h3>{t('child.messages')}</h3>
      {child.newMessages > 0 ? (
        <div className={styles.row}>
          <span className={styles.badge} data-testid="child-new-messages">
            {t('child.newMessages', { count: child.newMessages, formatted: f.number(child.newMessages) })}
          </span>
          <a href={link('messages')} onClick={followLink} className="bw-btn bw-btn--ghost">
            {t('child.readMessages')}
          </a>
        </div>
      ) : (
        <p className={styles.muted}>{t('child.noNewMessages')}</p>
      )}

      <div className={styles.actions}>
        <a href={link('attendance')} onClick={followLink} className="bw-btn bw-btn--ghost">
          {t('menu.attendance')}
        </a>
        <a href={link('reports')} onClick={followLink} className="bw-btn bw-btn--ghost">
          {t('menu.reports')}
        </a>
        <a href={link('classes')} onClick={followLink} className="bw-btn bw-btn--ghost">
          {t('menu.classes')}
        </a>
      </div>
    </article>
  );
}
