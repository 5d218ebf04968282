/**
 * The provider's mark, drawn in the page itself (the same drawing as public/favicon.svg, the tab's
 * icon): no request stands between the page and its first paint.
 */
export function Logo({ className, label }: { className?: string; label: string }) {
  return (
    <svg
      className={className}
      width={40}
      height={40}
      viewBox="0 0 32 32"
      role="img"
      aria-label={label}
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="#005db7" />
      <path d="M10 14v-3a6 6 0 0 1 12 0v3" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
      <rect x="8" y="14" width="16" height="12" rx="2.5" fill="#fff" />
      <circle cx="16" cy="20" r="2" fill="#005db7" />
    </svg>
  );
}
