import { getTheme, updateTheme } from './theme-store';

/**
 * The header's disclosures (Products menu, mobile menu) and the theme toggle, as plain DOM code
 * wired once per page load by main.tsx. Static marketing pages never load React, and the React
 * header renders the same markup and relies on this too, so there is one implementation.
 *
 * Markup contract: a disclosure is `<button data-disclosure aria-expanded aria-controls=ID>` and
 * a panel `<… id=ID hidden>`; a theme toggle is `<button data-theme-toggle data-label-dark
 * data-label-light>` (the label says what a press does). Icons follow by CSS, not by script.
 */

const DISCLOSURE = '[data-disclosure]';

function panelOf(button: Element): HTMLElement | null {
  const id = button.getAttribute('aria-controls');
  return id ? document.getElementById(id) : null;
}

function setOpen(button: Element, open: boolean): void {
  button.setAttribute('aria-expanded', String(open));
  const panel = panelOf(button);
  if (panel) panel.hidden = !open;
}

function openDisclosures(): Element[] {
  return [...document.querySelectorAll(`${DISCLOSURE}[aria-expanded="true"]`)];
}

/** Pre-rendered toggles carry the light theme's label; a dark-theme reader needs the other. */
export function syncThemeToggles(): void {
  const dark = getTheme().mode === 'dark';
  for (const button of document.querySelectorAll<HTMLElement>('[data-theme-toggle]')) {
    const label = dark ? button.dataset.labelLight : button.dataset.labelDark;
    if (!label) continue;
    button.setAttribute('aria-label', label);
    button.title = label;
  }
}

function handleClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return;
  const toggle = target.closest(DISCLOSURE);
  if (toggle) {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    for (const other of openDisclosures()) if (other !== toggle) setOpen(other, false);
    setOpen(toggle, open);
    return;
  }
  if (target.closest('[data-theme-toggle]')) {
    updateTheme({ mode: getTheme().mode === 'dark' ? 'light' : 'dark' });
    syncThemeToggles();
    return;
  }
  // A followed link must not leave its menu open over the next page (the app navigates in place).
  if (target.closest('a')) {
    for (const button of openDisclosures()) if (panelOf(button)?.contains(target)) setOpen(button, false);
  }
}

function handlePointerDown(event: PointerEvent): void {
  const target = event.target instanceof Node ? event.target : null;
  for (const button of openDisclosures()) {
    if (!button.contains(target) && !panelOf(button)?.contains(target)) setOpen(button, false);
  }
}

function handleKeyDown(event: KeyboardEvent): void {
  if (event.key !== 'Escape') return;
  for (const button of openDisclosures()) {
    const focusInside = panelOf(button)?.contains(document.activeElement) ?? false;
    setOpen(button, false);
    // Focus would otherwise fall to <body> when the panel it was in disappears.
    if (focusInside && button instanceof HTMLElement) button.focus();
  }
}

let wired = false;

export function wirePageControls(): void {
  if (wired) return;
  wired = true;
  document.addEventListener('click', handleClick);
  document.addEventListener('pointerdown', handlePointerDown);
  document.addEventListener('keydown', handleKeyDown);
  // Back and forward in the app change the page without a click on a link.
  window.addEventListener('popstate', () => {
    for (const button of openDisclosures()) setOpen(button, false);
  });
  syncThemeToggles();
}
