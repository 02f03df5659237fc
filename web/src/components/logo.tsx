/** The brand mark: a cabinet front with a benchtop, drawn so it stays crisp at any size. */
export function LogoMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="9" fill="#d9a441" />
      <rect x="7" y="9" width="26" height="4" rx="1.5" fill="#1f2a37" />
      <rect x="9" y="15" width="10" height="16" rx="1.5" fill="none" stroke="#1f2a37" strokeWidth="2.4" />
      <rect x="21" y="15" width="10" height="16" rx="1.5" fill="none" stroke="#1f2a37" strokeWidth="2.4" />
      <path d="M16.5 22v3M23.5 22v3" stroke="#1f2a37" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}
