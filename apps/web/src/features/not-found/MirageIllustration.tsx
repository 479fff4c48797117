import { useId } from 'react';
import styles from './NotFound.module.css';

/** A sun over dunes with shimmering heat lines: the page you looked for was only a mirage. */
export function MirageIllustration() {
  const id = useId();
  const sky = `${id}-sky`;
  const sun = `${id}-sun`;
  const dune = `${id}-dune`;
  return (
    <svg className={styles.illustration} viewBox="0 0 480 300" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={sky} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1b1232" />
          <stop offset="1" stopColor="#3b1a5c" />
        </linearGradient>
        <radialGradient id={sun} cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#fff4fb" />
          <stop offset="0.55" stopColor="#f5a3d6" />
          <stop offset="1" stopColor="#f5a3d6" stopOpacity="0" />
        </radialGradient>
        <linearGradient id={dune} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#7e22ce" />
          <stop offset="1" stopColor="#2a1459" />
        </linearGradient>
      </defs>
      <rect width="480" height="300" rx="28" fill={`url(#${sky})`} />
      <circle cx="240" cy="120" r="70" fill={`url(#${sun})`} />
      <g className={styles.stars} fill="#fff">
        <circle cx="70" cy="50" r="1.6" />
        <circle cx="120" cy="90" r="1.2" />
        <circle cx="400" cy="60" r="1.8" />
        <circle cx="360" cy="110" r="1.1" />
        <circle cx="430" cy="140" r="1.3" />
        <circle cx="40" cy="140" r="1.1" />
      </g>
      <path
        d="M0 210 C 90 170 170 190 250 205 S 400 175 480 195 V300 H0 Z"
        fill={`url(#${dune})`}
        opacity="0.75"
      />
      <path d="M0 240 C 110 215 200 250 300 235 S 430 225 480 240 V300 H0 Z" fill="#1b0f33" />
      <g className={styles.heat} stroke="#f5c6ec" strokeWidth="2.4" strokeLinecap="round" fill="none">
        <path d="M170 185c12-6 24-6 36 0s24 6 36 0 24-6 36 0 24 6 36 0" opacity="0.55" />
        <path d="M195 198c10-5 20-5 30 0s20 5 30 0 20-5 30 0" opacity="0.35" />
      </g>
      <g opacity="0.9">
        <rect x="98" y="226" width="5" height="30" rx="2.5" fill="#0f0820" />
        <rect x="88" y="236" width="5" height="14" rx="2.5" fill="#0f0820" />
        <rect x="108" y="232" width="5" height="12" rx="2.5" fill="#0f0820" />
      </g>
    </svg>
  );
}
