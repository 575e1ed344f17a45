export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-bold ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 64 64" className="h-8 w-8">
        <rect width="64" height="64" rx="14" fill="var(--primary)" />
        <path d="M16 20h32a6 6 0 0 1 6 6v14a6 6 0 0 1-6 6H30l-10 8v-8h-4a6 6 0 0 1-6-6V26a6 6 0 0 1 6-6z" fill="#fff" />
        <circle cx="24" cy="33" r="3" fill="var(--primary)" />
        <circle cx="32" cy="33" r="3" fill="var(--primary)" />
        <circle cx="40" cy="33" r="3" fill="var(--primary)" />
      </svg>
      <span>مجلس</span>
    </span>
  );
}
