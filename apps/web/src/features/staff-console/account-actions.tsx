import {
  billingEndpoints,
  PLAN_IDS,
  type PlanId,
  type StaffAccountDetail,
  smsEndpoints,
  staffConsoleEndpoints,
  staffEndpoints,
} from '@batchwise/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { call, refresh } from '../../lib/api-client';
import { forgetEverything } from '../../lib/session';
import { ReasonForm } from './reason-form';
import styles from './staff-console.module.css';

/**
 * What staff do to an account, each with a reason written to the activity log: change or extend
 * its plan (billing's staff adjustment), add SMS, suspend or restore it, sign in as its owner.
 * Masking names are decided on the staff dashboard, where every pending request is listed.
 */
export function AccountActions({ account }: { account: StaffAccountDetail }) {
  const { t } = useTranslation(['staff-console', 'domain', 'errors']);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [planKind, setPlanKind] = useState<'grant' | 'extend'>('grant');
  const [planId, setPlanId] = useState<PlanId>(account.planId);
  const [months, setMonths] = useState(1);
  const [days, setDays] = useState(14);
  const [sms, setSms] = useState(500);
  const accountId = account.id;
  const reload = () => refresh(queryClient, 'staff-accounts');

  return (
    <div className={styles.grid}>
      <ReasonForm
        name="change-plan"
        title={t('actions.plan.title')}
        submit={t('actions.plan.submit')}
        onDone={reload}
        run={(reason) =>
          call(billingEndpoints.adjust, {
            params: { accountId },
            body:
              planKind === 'grant'
                ? { kind: 'grant', planId, months, reason }
                : { kind: 'extend', days, reason },
          })
        }
      >
        <label>
          {t('actions.plan.kind')}
          <select
            name="kind"
            value={planKind}
            onChange={(e) => setPlanKind(e.target.value as 'grant' | 'extend')}
          >
            <option value="grant">{t('actions.plan.grant')}</option>
            <option value="extend">{t('actions.plan.extend')}</option>
          </select>
        </label>
        {planKind === 'grant' ? (
          <>
            <label>
              {t('plan.plan')}
              <select name="plan" value={planId} onChange={(e) => setPlanId(e.target.value as PlanId)}>
                {PLAN_IDS.map((id) => (
                  <option key={id} value={id}>
                    {t(`plans.${id}`)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('actions.plan.months')}
              <input
                name="months"
                type="number"
                min={1}
                max={120}
                value={months}
                onChange={(e) => setMonths(Number(e.target.value))}
              />
            </label>
          </>
        ) : (
          <label>
            {t('actions.plan.days')}
            <input
              name="days"
              type="number"
              min={1}
              max={3650}
              value={days}
              onChange={(e) => setDays(Number(e.target.value))}
            />
          </label>
        )}
      </ReasonForm>
      {account.suspension ? (
        <ReasonForm
          name="restore"
          title={t('actions.restore.title')}
          hint={t('actions.restore.hint')}
          submit={t('actions.restore.submit')}
          onDone={reload}
          run={(reason) =>
            call(staffConsoleEndpoints.setSuspension, {
              params: { accountId },
              body: { suspended: false, reason },
            })
          }
        />
      ) : (
        <ReasonForm
          name="suspend"
          title={t('actions.suspend.title')}
          hint={t('actions.suspend.hint')}
          submit={t('actions.suspend.submit')}
          confirm={t('actions.suspend.confirm', { institution: account.institution })}
          onDone={reload}
          run={(reason) =>
            call(staffConsoleEndpoints.setSuspension, {
              params: { accountId },
              body: { suspended: true, reason },
            })
          }
        />
      )}
      <ReasonForm
        name="sms-top-up"
        title={t('actions.sms.title')}
        hint={t('actions.sms.hint')}
        submit={t('actions.sms.submit')}
        onDone={reload}
        run={(reason) =>
          call(smsEndpoints.smsTopUp, { body: { owner: account.ownerId, count: sms, note: reason } })
        }
      >
        <label>
          {t('actions.sms.count')}
          <input name="sms" type="number" value={sms} onChange={(e) => setSms(Number(e.target.value))} />
        </label>
      </ReasonForm>
      <ReasonForm
        name="impersonate"
        title={t('actions.impersonate.title')}
        hint={t('actions.impersonate.hint')}
        submit={t('actions.impersonate.submit', { name: account.ownerName })}
        run={async (reason) => {
          const result = await call(staffEndpoints.impersonate, {
            body: { emailOrId: account.ownerId, reason },
          });
          forgetEverything(queryClient);
          navigate(result.homePath, { replace: true });
        }}
      />
      <section className={styles.card}>
        <h2>{t('actions.sender.title')}</h2>
        <p className={styles.muted}>{t('actions.sender.hint')}</p>
        <Link to="/staff/dashboard">{t('nav.dashboard')}</Link>
      </section>
    </div>
  );
}
