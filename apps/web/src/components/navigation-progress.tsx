import { useNavigation } from 'react-router';
import styles from './navigation-progress.module.css';

/** Route chunks load on demand; a thin bar tells the user the click was heard. */
export function NavigationProgress() {
  const navigation = useNavigation();
  return navigation.state === 'idle' ? null : <div className={styles.bar} aria-hidden="true" />;
}
