import classes from './home.module.css';

interface SockProps {
  id: string;
  body: string;
  stripe: string;
  trim: string;
  transform: string;
}

const SOCK_PATH =
  'M70 10 H140 V150 Q140 176 124 192 L86 232 Q70 248 47 244 Q21 238 24 211 Q27 195 41 183 L70 158 Z';

function Sock({ id, body, stripe, trim, transform }: SockProps) {
  return (
    <g transform={transform}>
      <clipPath id={id}>
        <path d={SOCK_PATH} />
      </clipPath>
      <path d={SOCK_PATH} fill={body} />
      <g clipPath={`url(#${id})`}>
        <rect x="0" y="10" width="200" height="26" fill={trim} />
        <rect x="0" y="56" width="200" height="12" fill={stripe} />
        <rect x="0" y="82" width="200" height="12" fill={stripe} />
        <rect x="0" y="108" width="200" height="12" fill={stripe} />
        <circle cx="138" cy="178" r="26" fill={trim} />
        <circle cx="34" cy="230" r="26" fill={trim} />
      </g>
      <g stroke="rgba(0,0,0,0.12)" strokeWidth="2">
        <path d="M78 16v16M90 16v16M102 16v16M114 16v16M126 16v16" />
      </g>
    </g>
  );
}

/** Two striped socks, drawn in SVG so the first page needs no image download. */
export function HomeArt() {
  return (
    <svg className={classes.art} viewBox="0 0 300 300" role="img" aria-label="Two striped socks">
      <ellipse cx="150" cy="282" rx="110" ry="10" fill="rgba(0,0,0,0.06)" />
      <Sock
        id="sock-a"
        body="#f5ebe0"
        stripe="#b93335"
        trim="#b93335"
        transform="translate(120 8) rotate(12 100 130)"
      />
      <Sock
        id="sock-b"
        body="#b93335"
        stripe="#ffffff"
        trim="#343a40"
        transform="translate(10 24) rotate(-8 100 130)"
      />
    </svg>
  );
}
