import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';
import { paths } from '../../lib/paths';

/** Any public page whose content is still to come: its own title, a short note, a way on. */
export function PublicPage({ id }: { id: string }) {
  const { t } = useTranslation(['public', 'common']);
  return (
    <PlaceholderPage eyebrow={t('comingSoon.eyebrow')} title={t(`pages.${id}`)} body={t('comingSoon.body')}>
      <Link to={paths.welcome} className="bw-btn bw-btn--primary">
        {t('comingSoon.backHome')}
      </Link>
      <Link to={paths.contact} className="bw-btn bw-btn--ghost">
        {t('common:nav.contact')}
      </Link>
    </PlaceholderPage>
  );
}
