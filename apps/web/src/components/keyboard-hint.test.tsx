import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { KeyboardHint } from './keyboard-hint';

describe('KeyboardHint', () => {
  it('shows the marked keys as <kbd> and the rest as text, escaped', () => {
    const html = renderToStaticMarkup(
      <KeyboardHint text="Press <kbd>Enter</kbd> or <kbd>Tab</kbd>; 2 < 3 & <b>not bold</b>." />,
    );
    expect(html).toBe(
      'Press <kbd>Enter</kbd> or <kbd>Tab</kbd>; 2 &lt; 3 &amp; &lt;b&gt;not bold&lt;/b&gt;.',
    );
  });

  it('leaves a text without keys as it is', () => {
    expect(renderToStaticMarkup(<KeyboardHint text="Changes save by themselves." />)).toBe(
      'Changes save by themselves.',
    );
  });
});
