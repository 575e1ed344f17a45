import { OwnerError } from './make-owner';

/** What asking needs of the process: its terminal and its environment (tests pass their own). */
export interface Terminal {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
}

/** Reads a line from the terminal without showing it. */
function askHidden(terminal: Terminal, question: string): Promise<string> {
  const { stdin, stdout } = terminal;
  if (!stdin.isTTY) {
    return Promise.reject(new OwnerError('No terminal to ask for a password on: set OWNER_PASSWORD.'));
  }
  stdout.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write('\n');
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          finish();
          resolve(typed);
          return;
        }
        if (char === '\u0003' || char === '\u0004') {
          finish();
          reject(new OwnerError('Cancelled.'));
          return;
        }
        typed = char === '\u007f' || char === '\b' ? [...typed].slice(0, -1).join('') : typed + char;
      }
    };
    stdin.on('data', onData);
  });
}

/** A new owner's password: OWNER_PASSWORD, or typed twice on the terminal, unseen. */
export async function passwordForNewOwner(terminal: Terminal = process): Promise<string> {
  const fromEnv = terminal.env.OWNER_PASSWORD;
  if (fromEnv) return fromEnv;
  const first = await askHidden(terminal, 'Password for the new owner: ');
  const again = await askHidden(terminal, 'The same password again: ');
  if (first !== again) throw new OwnerError('The two passwords differ.');
  return first;
}
