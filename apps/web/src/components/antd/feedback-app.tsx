import AppContext, { type useAppProps } from 'antd/es/app/context';
import useStyle from 'antd/es/app/style';
import { useComponentConfig } from 'antd/es/config-provider/context';
import { lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useRef, useState } from 'react';

/**
 * Ant Design's `App` (its root styles and the `App.useApp()` toasts and confirmation dialogs) with
 * the toast and dialog engines loaded the first time one is shown: antd's own App brings them,
 * with the modal's skeleton, to every signed-in page's first load (spec part 1 §2.3 "Loading by
 * role"). `App.useApp()` anywhere reads this one context, so pages keep calling it as before.
 */
type Feedback = useAppProps;
type Run = (feedback: Feedback) => unknown;

const FeedbackHolders = lazy(() =>
  import('./feedback-holders').then((module) => ({ default: module.FeedbackHolders })),
);

/** The calls each engine answers (the ones antd's own App passes on). */
const METHODS = {
  message: ['open', 'success', 'error', 'info', 'warning', 'loading', 'destroy'],
  notification: ['open', 'success', 'error', 'info', 'warning', 'destroy'],
  modal: ['confirm', 'info', 'success', 'error', 'warning'],
} as const;

/**
 * One engine's calls, run at once when it is loaded and queued until then. Before it has loaded a
 * call has no handle to return (a toast's close function, a dialog's `destroy`); no page here
 * uses those handles.
 */
function forward<K extends keyof Feedback>(kind: K, use: (run: Run) => unknown): Feedback[K] {
  return Object.fromEntries(
    METHODS[kind].map((method) => [
      method,
      (...args: unknown[]) =>
        use((feedback) =>
          (feedback[kind] as Record<string, (...a: unknown[]) => unknown>)[method]?.(...args),
        ),
    ]),
  ) as unknown as Feedback[K];
}

export function FeedbackApp({ children }: { children: ReactNode }) {
  const { getPrefixCls, direction, className } = useComponentConfig('app');
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useStyle(prefixCls);
  const [wanted, setWanted] = useState(false);
  const loaded = useRef<Feedback | null>(null);
  const queued = useRef<Run[]>([]);
  const value = useMemo<Feedback>(() => {
    const use = (run: Run) => {
      if (loaded.current) return run(loaded.current);
      queued.current.push(run);
      setWanted(true);
      return undefined;
    };
    return {
      message: forward('message', use),
      notification: forward('notification', use),
      modal: forward('modal', use),
    };
  }, []);
  const ready = useCallback((feedback: Feedback) => {
    loaded.current = feedback;
    for (const run of queued.current.splice(0)) run(feedback);
  }, []);
  // The class names antd's App gives its root, so the page looks the same.
  const classes = [className, hashId, prefixCls, cssVarCls, direction === 'rtl' ? `${prefixCls}-rtl` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <AppContext.Provider value={value}>
      <div className={classes}>
        {wanted ? (
          <Suspense fallback={null}>
            <FeedbackHolders onReady={ready} />
          </Suspense>
        ) : null}
        {children}
      </div>
    </AppContext.Provider>
  );
}

/** `App.useApp()` for the signed-in frame, without importing antd's App (and its engines). */
export function useFeedback(): Feedback {
  return useContext(AppContext);
}
