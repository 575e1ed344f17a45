export function Spinner({ label }: { label: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-3 text-muted-foreground">
      <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-border border-t-primary" />
      <span>{label}</span>
    </span>
  );
}
