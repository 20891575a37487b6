import type { SVGProps } from 'react';

/**
 * The few icons public pages need, inline, because @ant-design/icons must stay out of their
 * first load. All are decorative: the button around them carries the label.
 */
type IconProps = SVGProps<SVGSVGElement>;

function Svg({ children, ...props }: IconProps) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export function SunIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M4.93 19.07l1.41-1.41M17.66 6.34l1.41-1.41" />
    </Svg>
  );
}

export function MoonIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M21 12.79A9 9 0 1 1 11.21 3 7 7 0 0 0 21 12.79z" />
    </Svg>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </Svg>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M18 6 6 18M6 6l12 12" />
    </Svg>
  );
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <Svg width="16" height="16" {...props}>
      <path d="m6 9 6 6 6-6" />
    </Svg>
  );
}

export function GlobeIcon(props: IconProps) {
  return (
    <Svg width="18" height="18" {...props}>
      <circle cx="12" cy="12" r="10" />
      <path d="M2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z" />
    </Svg>
  );
}

export function BrandMark(props: IconProps) {
  return (
    <svg width="32" height="32" viewBox="0 0 64 64" aria-hidden="true" focusable="false" {...props}>
      <rect width="64" height="64" rx="14" fill="var(--bw-primary, #0d9488)" />
      <path
        d="M20 16h15c7 0 11 3.6 11 9 0 3.6-2 6.2-5 7.3 3.9 1 6.4 4 6.4 8.2 0 6-4.6 9.5-12.2 9.5H20V16zm9 13.5h4.8c2.4 0 3.7-1.1 3.7-3s-1.3-2.9-3.7-2.9H29v5.9zm0 13.2h5.6c2.7 0 4.2-1.2 4.2-3.3s-1.5-3.3-4.2-3.3H29v6.6z"
        fill="var(--bw-primary-contrast, #fff)"
      />
    </svg>
  );
}
