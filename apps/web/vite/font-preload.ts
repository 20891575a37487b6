import type { Plugin } from 'vite';

/**
 * The Latin faces of Hind Siliguri every page draws its text in (app/fonts.css): regular and
 * medium (buttons, headings of cards). The Bengali faces are left to their CSS rule: only Bangla
 * pages use them, and at about 70 kB a weight they would slow English pages.
 */
const PRELOADED = [
  /^hind-siliguri-latin-400-normal-[\w-]+\.woff2$/,
  /^hind-siliguri-latin-500-normal-[\w-]+\.woff2$/,
];

/**
 * Preloads those faces from the page's head. Otherwise the browser asks for a font only once
 * text set in it is laid out, which on the signed-in app is after its scripts have run and the
 * first data has come: the text is then drawn twice, and what it wraps differently moves the
 * page under the reader's eyes (Lighthouse counted a 0.16 layout shift on the teacher's
 * dashboard at phone width). Preloaded, they arrive while the scripts download.
 */
export function fontPreload(): Plugin {
  return {
    name: 'batchwise-font-preload',
    apply: (_config, env) => !env.isSsrBuild,
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return [];
        const fonts = Object.keys(ctx.bundle).filter((file) =>
          PRELOADED.some((pattern) => pattern.test(file.split('/').pop() ?? '')),
        );
        return fonts.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
