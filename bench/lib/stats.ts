/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

/** p50, p95, p99 and the largest of an unsorted list. */
export function summarise(values: readonly number[]): { p50: number; p95: number; p99: number; max: number } {
  const sorted = [...values].sort((x, y) => x - y);
  return {
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: percentile(sorted, 1),
  };
}

export function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((x, y) => x - y),
    0.5,
  );
}
