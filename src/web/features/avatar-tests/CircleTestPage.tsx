import { Avatar } from '../../components/avatar';
import { AVATAR_TEST_TEXTS as T } from './texts';

const SIZES = [36, 56, 72, 100, 150] as const;
/** Frames of every band style, frame 10 (which floats) among them. */
const FRAMES = [1, 10, 23, 37, 50] as const;

/** `/circle/test`: avatars stay round with and without a frame, at 36, 56, 72, 100 and 150 px. */
export default function CircleTestPage() {
  return (
    <main id="main" tabIndex={-1} className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">{T.circleTitle}</h1>
        <p className="text-muted-foreground">{T.circleIntro}</p>
      </header>
      {SIZES.map((px) => (
        <section key={px} aria-label={T.pixelsLabel(px)} className="flex flex-col gap-2" data-circle-size={px}>
          <h2 className="text-sm font-bold text-muted-foreground tabular-nums">{T.pixelsLabel(px)}</h2>
          <ul className="flex flex-wrap items-end gap-x-6 gap-y-4">
            <li className="flex flex-col items-center gap-1">
              <Avatar image={null} gender="ذكر" size={px} loading="eager" />
              <span className="text-xs text-muted-foreground">{T.withoutFrame}</span>
            </li>
            <li className="flex flex-col items-center gap-1">
              <Avatar image="/favicon.svg" gender="أنثى" size={px} loading="eager" />
              <span className="text-xs text-muted-foreground">{T.withoutFrame}</span>
            </li>
            {FRAMES.map((frame, i) => (
              <li key={frame} className="flex flex-col items-center gap-1">
                <Avatar
                  image={null}
                  gender={i % 2 ? 'أنثى' : 'ذكر'}
                  size={px}
                  frame={`frame${frame}`}
                  tag={i === 2 ? 3 : null}
                  loading="eager"
                />
                <span className="text-xs text-muted-foreground">
                  {T.withFrame(frame)}
                  {i === 2 ? ` · ${T.withTag}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
