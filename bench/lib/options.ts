/**
 * A benchmark's options: `--name value` or `--name=value` on the command line, else
 * `<PREFIX>_<NAME>` in the environment, else the default. Numbers must be positive.
 */
export function readBenchOptions<T extends Record<string, number | string>>(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  prefix: string,
  defaults: T,
): T {
  const names = Object.keys(defaults);
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i]!.replace(/^--/, '').split('=', 2) as [string, string | undefined];
    if (!argv[i]!.startsWith('--') || !names.includes(name))
      throw new Error(`unknown argument ${argv[i]} (options: ${names.map((flag) => `--${flag}`).join(' ')})`);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`--${name}: missing value`);
    flags.set(name, value);
  }
  const result: Record<string, number | string> = {};
  for (const [name, fallback] of Object.entries(defaults)) {
    const raw = flags.get(name) ?? env[`${prefix}_${name.toUpperCase()}`];
    if (raw === undefined) result[name] = fallback;
    else if (typeof fallback === 'number') {
      const value = Number(raw);
      if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name}: expected a positive number`);
      result[name] = value;
    } else result[name] = raw;
  }
  return result as T;
}
