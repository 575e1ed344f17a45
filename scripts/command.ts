// How the operator commands (backup, restore, move-to-postgres, owner, retention) end: with the
// code their main returns; an error they expect (a mistake the operator can fix, already said
// plainly) as its message alone, anything else with its stack.
type ErrorClass = abstract new (...args: never[]) => Error;

export function runCommand(main: () => Promise<number>, expected: ErrorClass[], failed = ''): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      const known = expected.some((kind) => error instanceof kind);
      console.error(known ? `${failed}${(error as Error).message}` : error);
      process.exit(1);
    },
  );
}
