import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronDownIcon } from '../../components/icons';
import { productItems } from './nav-items';
import styles from './site-header.module.css';

/**
 * The header's "Products" drop-down (desktop). On small screens the mobile menu lists them flat.
 * Opening, closing (Escape, a click outside, a followed link) is lib/page-controls.ts's job, so
 * it works the same on static pages without React.
 */
export function ProductsMenu() {
  const { t } = useTranslation('common');
  const menuId = useId();
  return (
    <div className={styles.products}>
      <button
        type="button"
        className={styles.navLink}
        data-disclosure=""
        aria-expanded={false}
        aria-controls={menuId}
      >
        {t('nav.products')}
        <ChevronDownIcon className={styles.chevron} />
      </button>
      <ul id={menuId} className={styles.productsMenu} hidden>
        {productItems.map((item) => (
          <li key={item.key}>
            <Link to={item.to} className={styles.productItem}>
              <span className={styles.productName}>{t(`nav.${item.key}`)}</span>
              <span className={styles.productDescription}>{t(`nav.${item.descriptionKey}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
