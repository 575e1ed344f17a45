import { denial, type Action, type Actor, type Subject } from '../shared/policy';
import { AppError } from './errors';

/** An actor as the server knows them: the policy's view, and the name logs record them by. */
export type NamedActor = Actor & { username: string };

/**
 * The server's door to the policy module: refuses with the rule's Arabic reason (403). Every
 * permission question, over HTTP or socket, goes through here.
 */
export function authorize<A extends Action>(actor: Actor, action: A, ...subject: Subject<A>): void {
  const refused = denial(actor, action, ...subject);
  if (refused) throw new AppError(refused, 403);
}
