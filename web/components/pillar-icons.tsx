import type { ReactNode } from 'react';

/** The shop's four pillars, drawn as line icons: the home page's features and the About page. */
function LineIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      width="26"
      height="26"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

export function QualityIcon() {
  return (
    <LineIcon>
      <circle cx="12" cy="9" r="6" />
      <path d="M12 15l3.4 5.9l1.6 -3.2l3.6 .2l-3.4 -5.9" />
      <path d="M6.8 12l-3.4 5.9l3.6 -.2l1.6 3.2l3.4 -5.9" />
    </LineIcon>
  );
}

export function CustomOrderIcon() {
  return (
    <LineIcon>
      <path d="M4 20h4l10.5 -10.5a2.8 2.8 0 1 0 -4 -4l-10.5 10.5v4" />
      <path d="M13.5 6.5l4 4" />
    </LineIcon>
  );
}

export function FundRaisingIcon() {
  return (
    <LineIcon>
      <path d="M19.5 12.6l-7.5 7.4l-7.5 -7.4a5 5 0 1 1 7.5 -6.6a5 5 0 1 1 7.5 6.6" />
    </LineIcon>
  );
}

export function CanadaIcon() {
  return (
    <LineIcon>
      <path d="M5 21c.5 -4.5 2.5 -8 7 -10" />
      <path d="M9 18c6.2 0 10.5 -3.3 11 -12v-2h-4c-9 0 -12 4 -12 9c0 1 0 3 2 5h3z" />
    </LineIcon>
  );
}
