import type { CSSProperties, ElementType } from 'react';
import { resolveAppearance, type AppearanceSource } from '../../../shared/profile/appearance';
import { readableOn, useShownTheme } from '../../lib/theme-colors';
import { namePaint } from './name-paint';

export interface UserNameUser extends AppearanceSource {
  username: string;
  displayName?: string | null;
}

interface UserNameProps {
  user: UserNameUser;
  className?: string;
  /** The element (default `bdi`, so a Latin name sits right in Arabic text). */
  as?: ElementType;
  /** Show displayName when the user has one (default: the username). */
  preferDisplayName?: boolean;
}

/**
 * A user's name in their colour, gradient or username effect. Gradients and effects show only
 * for staff (spec §5/§6); a colour that is not 6-digit hex is ignored. Every colour is drawn
 * readable on the viewer's theme (name-paint.ts), in the main column and in the side columns.
 * Read once by screen readers: the bright copies that carry an effect's light are hidden.
 */
export function UserName({ user, className, as: Tag = 'bdi', preferDisplayName = false }: UserNameProps) {
  const look = resolveAppearance(user);
  const theme = useShownTheme();
  const name = (preferDisplayName && user.displayName) || user.username;
  const style: CSSProperties & Record<`--${string}`, string> = namePaint(look, theme, readableOn);
  const classes = ['username'];
  if (look.gradient) classes.push('username--gradient');
  if (look.usernameEffect) classes.push('username--effect', look.usernameEffect);
  if (className) classes.push(className);
  return (
    <Tag className={classes.join(' ')} style={style} data-name-color={look.color ?? undefined}>
      {look.usernameEffect ? (
        <>
          {/* The painted letters, apart from the light, so the light alone moves (user-name.css). */}
          <span className="username-paint">{name}</span>
          {/* The moving light: a window sliding over bright copies of the name that slide back
              as much, so the light stays on the letters and only transforms move. The copies are
              drawn by CSS from data-text, not written in the page: nothing reads them (a screen
              reader, select-to-speak, copying, find in page), so the name is read once. */}
          <span className="username-light" aria-hidden="true">
            <span className="username-light-text" data-text={name} />
            <span className="username-light-core">
              <span className="username-light-text" data-text={name} />
            </span>
          </span>
        </>
      ) : (
        name
      )}
    </Tag>
  );
}
