import { Fragment } from 'react';

/**
 * A translated hint whose keys are marked `<kbd>Enter</kbd>`, shown with the keys as `<kbd>`.
 * react-i18next's `Trans` does this for any tag, but it brings an HTML parser into the chunk every
 * first load shares (the admission wizard's 120 kB budget), for this one page's hint.
 */
export function KeyboardHint({ text }: { text: string }) {
  // split() with a capture group alternates text and key names: odd indexes are the keys.
  const parts = text.split(/<kbd>(.*?)<\/kbd>/);
  return (
    <>
      {parts.map((part, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts are fixed for a given text
        index % 2 === 1 ? <kbd key={index}>{part}</kbd> : <Fragment key={index}>{part}</Fragment>,
      )}
    </>
  );
}
