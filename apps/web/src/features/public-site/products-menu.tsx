import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ChevronDownIcon } from '../../components/icons';
import { productItems } from './nav-items';
import styles from './site-header.module.css';

/** The header's "Products" drop-down (desktop). On small screens the mobile menu lists them flat. */
export function ProductsMenu() {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const location = useLocation();
  const handleClose = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!rootRef.current) return;
    const root = rootRef.current;
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const handlePointer = (event: PointerEvent) => {
      if (!root.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', handleKey);
    document.addEventListener('pointerdown', handlePointer);
    return () => {
      document.removeEventListener('keydown', handleKey);
      document.removeEventListener('pointerdown', handlePointer);
    };
  }, []);

  // A followed link should not leave the menu hanging open over the next page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <div className={styles.products} ref={rootRef}>
      <button
        type="button"
        className={styles.navLink}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        {t('nav.products')}
        <ChevronDownIcon className={open ? styles.chevronOpen : styles.chevron} />
      </button>
      {open ? (
        <ul id={menuId} className={styles.productsMenu}>
          {productItems.map((item) => (
            <li key={item.key}>
              <Link to={item.to} className={styles.productItem} onClick={handleClose}>
                <span className={styles.productName}>{t(`nav.${item.key}`)}</span>
                <span className={styles.productDescription}>{t(`nav.${item.descriptionKey}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
