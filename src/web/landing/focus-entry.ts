/**
 * Puts the cursor in the entry form's name field and brings it into view. Returns false when the
 * page has no entry form (the caller then lets its link work as usual).
 */
export function focusEntryField(): boolean {
  const field = document.querySelector<HTMLInputElement>('#welcome input[name="username"]');
  if (!field) return false;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  field.focus({ preventScroll: true });
  field.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'center' });
  return true;
}
