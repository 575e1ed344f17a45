import type { LucideIcon } from 'lucide-react';

/** A header button with an unread count on it (the bell, private messages): 99+ past 99. */
export function CountButton({
  icon: Icon,
  count,
  label,
  title,
  onClick,
  badgeTestId,
}: {
  icon: LucideIcon;
  count: number;
  /** The accessible name, saying the count in words. */
  label: string;
  title: string;
  onClick: () => void;
  badgeTestId: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={title}
      aria-haspopup="dialog"
      className="relative inline-flex h-11 w-11 items-center justify-center rounded-xl text-nav-foreground hover:bg-white/10"
    >
      <Icon aria-hidden="true" className="h-5 w-5" />
      {count > 0 && (
        <span
          aria-hidden="true"
          data-testid={badgeTestId}
          className="absolute end-0.5 top-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] leading-none font-bold text-destructive-foreground tabular-nums"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </button>
  );
}
