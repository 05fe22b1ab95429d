/** The compass mark; decorative, the product name is always written next to it. */
export function Logo() {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" className="shrink-0" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="14" className="fill-indigo-600" />
      <circle cx="16" cy="16" r="10" fill="none" stroke="#e0e7ff" strokeWidth="2" />
      <path d="M16 7l3.5 9L16 25l-3.5-9z" fill="#e0e7ff" />
      <path d="M16 7l3.5 9h-7z" fill="#fbbf24" />
    </svg>
  );
}
