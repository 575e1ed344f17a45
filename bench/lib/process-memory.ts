/**
 * Memory of a process and everything below it (a site and its embedded PostgreSQL), read from
 * /proc: RSS summed, and PSS, where pages shared between the processes count once. Linux only.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** `pid` and every process below it. */
export function tree(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command may hold spaces and parentheses: the fields after the last ')' are fixed.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...(parents.get(all[i]!) ?? []));
  return all;
}

/** Summed RSS and PSS of a process tree, in MB. */
export function memoryOf(pid: number): { rssMb: number; pssMb: number; processes: number } {
  let rss = 0;
  let pss = 0;
  const pids = tree(pid);
  for (const each of pids) {
    try {
      const rollup = readFileSync(`/proc/${each}/smaps_rollup`, 'utf8');
      rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      pss += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // Gone meanwhile.
    }
  }
  return { rssMb: Math.round(rss / 102.4) / 10, pssMb: Math.round(pss / 102.4) / 10, processes: pids.length };
}
