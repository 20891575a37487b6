import { theme as antdTheme } from 'antd';

/**
 * A progress bar with its figure beside it, as Ant Design's line Progress draws it, for the
 * dashboard's checklist: Progress (its circle and steps kinds) stays off the signed-in first
 * load (spec part 1 §2.3 "Loading by role").
 */
export function ProgressLine({ percent, label }: { percent: number; label: string }) {
  const { token } = antdTheme.useToken();
  const done = percent >= 100;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      style={{ display: 'flex', alignItems: 'center', gap: token.marginXS }}
    >
      <div style={{ flex: 1, height: 8, borderRadius: 100, background: token.colorFillSecondary }}>
        <div
          style={{
            width: `${Math.min(100, Math.max(0, percent))}%`,
            height: '100%',
            borderRadius: 100,
            background: done ? token.colorSuccess : token.colorPrimary,
          }}
        />
      </div>
      <span style={{ flex: 'none', color: token.colorText, fontSize: token.fontSize }}>{label}</span>
    </div>
  );
}
