import {
  addDays,
  dayOf,
  INTERFACE_LANGUAGE_NAMES,
  INTERFACE_LANGUAGES,
  type Incident,
  type InterfaceLanguage,
  languageDirection,
  languageLocale,
  STATUS_HISTORY_DAYS,
  type StatusComponent,
  type StatusSnapshot,
  type StatusState,
} from '@batchwise/domain';
import { escapeHtml } from '../public-site/public-pages';

export type StatusLanguage = InterfaceLanguage;
/** The page's texts (apps/web/public/Locales/{lng}/status.json), nested as i18next keeps them. */
export type StatusTexts = Record<string, unknown>;

const REFRESH_SECONDS = 30;
const COLOURS: Record<StatusState, string> = {
  operational: '#1a7f37',
  degraded: '#b35900',
  down: '#c62828',
  unknown: '#8a8f98',
};

const lookup = (texts: StatusTexts, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as StatusTexts | undefined)?.[part], texts);

/**
 * i18next's `{{name}}` interpolation on one key: the language's text, else the English one (a
 * pack still being written), else the key itself.
 */
function translator(texts: StatusTexts, fallback: StatusTexts) {
  return (key: string, values: Record<string, string | number> = {}) => {
    const own = lookup(texts, key);
    const found = typeof own === 'string' ? own : lookup(fallback, key);
    const text = typeof found === 'string' ? found : key;
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 "Hind Siliguri","Noto Sans Arabic","Noto Sans SC",system-ui,-apple-system,"Segoe UI","Noto Sans Bengali",sans-serif;color:#1d2430;background:#f5f7fa}
main{max-width:860px;margin:0 auto;padding:16px}header{display:flex;justify-content:space-between;align-items:center;gap:12px;flex-wrap:wrap;padding:8px 0 16px}
a{color:#0b5cad}.brand{font-weight:700;font-size:20px;color:#1d2430;text-decoration:none}h1{font-size:24px;margin:0 0 12px}h2{font-size:19px;margin:28px 0 10px}
.banner{color:#fff;border-radius:10px;padding:16px 18px;font-size:19px;font-weight:600}.meta{color:#4a5260;font-size:14px;margin:8px 0 0}
.stale{background:#fff4e5;border:1px solid #f0b36a;border-radius:8px;padding:10px 12px;margin:12px 0 0}
.card{background:#fff;border:1px solid #dde2ea;border-radius:10px;padding:14px 16px;margin:10px 0}
.row{display:flex;justify-content:space-between;gap:12px;flex-wrap:wrap;align-items:baseline}.name{font-weight:600}
.pill{display:inline-block;border-radius:999px;padding:2px 10px;font-size:14px;font-weight:600;color:#fff}.detail{color:#4a5260;font-size:14px;margin:4px 0 0}
.bars{display:flex;gap:1px;margin:10px 0 2px;height:28px}.bars span{flex:1;border-radius:2px;min-width:0}
.ends{display:flex;justify-content:space-between;color:#6b7280;font-size:12px}
.update{border-inline-start:3px solid #dde2ea;padding:2px 0;padding-inline-start:10px;margin:8px 0}.langs{display:flex;gap:10px;flex-wrap:wrap}.update p{margin:2px 0}
footer{margin:32px 0 8px;color:#4a5260;font-size:14px;display:flex;gap:16px;flex-wrap:wrap}
@media (prefers-color-scheme:dark){body{background:#12161c;color:#e6e9ee}.card{background:#1b2028;border-color:#2c333e}.brand{color:#e6e9ee}a{color:#7fb6ff}.meta,.detail,footer{color:#b4bcc8}.stale{background:#3a2a12;border-color:#7a5a22}}`;

function formatTime(at: number, language: StatusLanguage): string {
  return new Intl.DateTimeFormat(languageLocale(language), {
    timeZone: 'Asia/Dhaka',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(at);
}

function pill(state: StatusState, label: string): string {
  return `<span class="pill" style="background:${COLOURS[state]}" data-state="${state}">${escapeHtml(label)}</span>`;
}

/** Renders the whole page: plain HTML and CSS, no script, so it needs nothing but this answer. */
export function renderStatusPage(
  snapshot: StatusSnapshot,
  language: StatusLanguage,
  texts: StatusTexts,
  /** The English texts, for keys the language's pack lacks. */
  fallback: StatusTexts,
  origin: string,
  /** The site's typeface rules (status-fonts.ts), so Bangla reads as on every other page. */
  fontFaces = '',
): string {
  const t = translator(texts, fallback);
  const num = (n: number) => n.toLocaleString(languageLocale(language));
  const duration = (ms: number) =>
    ms >= 60_000
      ? t('detail.minutes', { count: num(Math.round(ms / 60_000)) })
      : t('detail.seconds', { count: num(Math.round(ms / 1000)) });

  const componentName = (c: StatusComponent) => {
    const driver = c.key.split(':')[1] ?? '';
    return t(`component.${c.kind}`, { name: t(`gateway.${driver}`) });
  };
  const detail = (c: StatusComponent) => {
    if (c.kind === 'jobs')
      return c.oldestWaitingMs == null
        ? t('detail.jobsIdle', { failed: num(c.failed ?? 0) })
        : t('detail.jobs', {
            waiting: num(c.waiting ?? 0),
            oldest: duration(c.oldestWaitingMs),
            failed: num(c.failed ?? 0),
          });
    if (c.kind === 'sms' || c.kind === 'payment')
      return t('detail.gateway', { ok: num(c.ok ?? 0), failed: num(c.failed ?? 0) });
    return '';
  };

  const today = dayOf(snapshot.takenAt);
  const historyBars = (key: string) => {
    const byDay = new Map((snapshot.history[key] ?? []).map((d) => [d.day, d.state]));
    const cells = Array.from({ length: STATUS_HISTORY_DAYS }, (_, i) => {
      const day = addDays(today, i - (STATUS_HISTORY_DAYS - 1));
      const state = byDay.get(day);
      const label = `${day}: ${state ? t(`state.${state}`) : t('historyNone')}`;
      return `<span title="${escapeHtml(label)}" style="background:${state ? COLOURS[state] : '#dde2ea'}"></span>`;
    });
    return `<div class="bars" aria-label="${escapeHtml(t('history'))}">${cells.join('')}</div><div class="ends"><span>${escapeHtml(t('historyOld'))}</span><span>${escapeHtml(t('historyToday'))}</span></div>`;
  };

  const components = snapshot.components
    .map((c) => {
      const line = detail(c);
      return `<section class="card" data-component="${escapeHtml(c.key)}"><div class="row"><span class="name">${escapeHtml(componentName(c))}</span>${pill(c.state, t(`state.${c.state}`))}</div>${line ? `<p class="detail">${escapeHtml(line)}</p>` : ''}${historyBars(c.key)}</section>`;
    })
    .join('');

  const incident = (i: Incident) => {
    const state: StatusState =
      i.state === 'resolved' ? 'operational' : i.state === 'monitoring' ? 'degraded' : 'down';
    const updates = i.updates
      .map(
        (u) =>
          `<div class="update"><p><strong>${escapeHtml(t(`incidentState.${u.state}`))}</strong> · <time datetime="${new Date(u.at).toISOString()}">${escapeHtml(formatTime(u.at, language))}</time></p><p>${escapeHtml(u.message)}</p></div>`,
      )
      .join('');
    return `<article class="card" data-incident="${escapeHtml(i.id)}"><div class="row"><span class="name">${escapeHtml(i.title)}</span>${pill(state, t(`incidentState.${i.state}`))}</div><p class="detail">${escapeHtml(t('started', { time: formatTime(i.createdAt, language) }))}</p>${updates}</article>`;
  };
  const incidents = snapshot.incidents.length
    ? snapshot.incidents.map(incident).join('')
    : `<p class="card">${escapeHtml(t('noIncidents'))}</p>`;

  const others = INTERFACE_LANGUAGES.filter((l) => l !== language)
    .map((l) => `<a href="?lng=${l}" hreflang="${l}" lang="${l}">${INTERFACE_LANGUAGE_NAMES[l]}</a>`)
    .join('');
  const title = t('title');
  return `<!doctype html>
<html lang="${language}" dir="${languageDirection(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="${REFRESH_SECONDS}">
<title>${escapeHtml(title)}</title><meta name="description" content="${escapeHtml(t('description'))}">
<link rel="canonical" href="${escapeHtml(`${origin}/server-status/`)}"><link rel="icon" href="/favicon.svg">
<style>${fontFaces}${STYLE}</style></head>
<body><main>
<header><a class="brand" href="/welcome">Batchwise</a><nav class="langs">${others}</nav></header>
<h1>${escapeHtml(title)}</h1>
<div class="banner" style="background:${COLOURS[snapshot.overall]}" data-overall="${snapshot.overall}">${escapeHtml(t(`overall.${snapshot.overall}`))}</div>
<p class="meta">${escapeHtml(t('updated', { time: formatTime(snapshot.takenAt, language) }))} · ${escapeHtml(t('refresh'))}</p>
${snapshot.stale ? `<p class="stale" role="alert">${escapeHtml(t('stale', { time: formatTime(snapshot.takenAt, language) }))}</p>` : ''}
${components}
<h2>${escapeHtml(t('incidents'))}</h2>
${incidents}
<footer><a href="/welcome">${escapeHtml(t('home'))}</a><a href="/Support">${escapeHtml(t('support'))}</a></footer>
</main></body></html>`;
}
