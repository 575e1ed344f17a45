const clock = new Intl.DateTimeFormat('ar-u-nu-latn', { hour: '2-digit', minute: '2-digit' });
const day = new Intl.DateTimeFormat('ar-u-nu-latn', { day: 'numeric', month: 'numeric' });

/** A message's time: the hour today, the date before today. */
export function shortTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toDateString() === now.toDateString() ? clock.format(date) : day.format(date);
}

/** The hour, with the date when not today (under a bubble). */
export function bubbleTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const hour = clock.format(date);
  return date.toDateString() === now.toDateString() ? hour : `${day.format(date)} ${hour}`;
}
