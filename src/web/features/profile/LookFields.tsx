import { DECORATION_MAX } from '../../../shared/profile/decoration-number';
import { PROFILE_EFFECTS, USERNAME_EFFECTS } from '../../../shared/profile/appearance';
import { UserName } from '../../components/user-name';
import type { SelfUser } from '../../../shared/entities/user';
import { ColorField, EditorSection, SelectRow } from './EditorParts';
import { PROFILE_EFFECT_LABELS, USERNAME_EFFECT_LABELS } from './effect-labels';
import type { ProfileDraft } from './profile-draft';
import { TagImageField } from './TagImageField';
import { PROFILE_TEXTS as T } from './texts';

/** The tag select's value while one's own picture is the tag. */
const CUSTOM_TAG = -1;
const NUMBERS = Array.from({ length: DECORATION_MAX }, (_, i) => i + 1);

interface Props {
  user: SelfUser;
  draft: ProfileDraft;
  staff: boolean;
  change: (patch: Partial<ProfileDraft>) => void;
}

/** The name's colour (everyone), its gradient and effect (staff only: not even shown to others). */
export function NameLookFields({ user, draft, staff, change }: Props) {
  return (
    <EditorSection title={T.nameSection} note={staff ? undefined : T.staffOnlyNote}>
      <ColorField
        label={T.nameColor}
        value={draft.usernameColor}
        onChange={(usernameColor) => change({ usernameColor })}
      />
      {staff && (
        <>
          <div className="flex flex-col gap-2" data-testid="gradient-fields">
            <ColorField
              label={`${T.gradient}: ${T.gradientFrom}`}
              value={draft.gradientFrom}
              noneLabel={T.noGradient}
              onChange={(gradientFrom) => change({ gradientFrom, gradientSource: null })}
            />
            <ColorField
              label={`${T.gradient}: ${T.gradientTo}`}
              value={draft.gradientTo}
              noneLabel={T.noGradient}
              onChange={(gradientTo) => change({ gradientTo, gradientSource: null })}
            />
            <label className="flex flex-col gap-1.5 text-sm font-medium">
              {T.gradientAngle}: {draft.gradientAngle}°
              <input
                type="range"
                min={0}
                max={360}
                step={15}
                value={draft.gradientAngle}
                onChange={(event) => change({ gradientAngle: Number(event.target.value), gradientSource: null })}
                className="h-11 accent-[var(--color-primary)]"
              />
            </label>
          </div>
          <fieldset className="flex flex-col gap-1.5">
            <legend className="mb-1.5 text-sm font-medium">{T.nameEffect}</legend>
            <div role="radiogroup" aria-label={T.nameEffect} className="grid grid-cols-2 gap-1.5 sm:grid-cols-3">
              {(['', ...USERNAME_EFFECTS] as const).map((effect) => (
                <button
                  key={effect || 'none'}
                  type="button"
                  role="radio"
                  aria-checked={draft.usernameEffect === effect}
                  aria-label={effect ? USERNAME_EFFECT_LABELS[effect] : T.none}
                  onClick={() => change({ usernameEffect: effect })}
                  className="flex min-h-11 flex-col items-center justify-center gap-0.5 rounded-xl border border-border px-2 py-1 text-xs aria-checked:border-primary aria-checked:ring-2 aria-checked:ring-primary"
                >
                  {effect ? (
                    <>
                      <UserName
                        user={{ ...user, usernameGradient: null, usernameEffect: effect }}
                        className="text-sm font-bold"
                      />
                      <span aria-hidden="true" className="text-muted-foreground">
                        {USERNAME_EFFECT_LABELS[effect]}
                      </span>
                    </>
                  ) : (
                    T.none
                  )}
                </button>
              ))}
            </div>
          </fieldset>
        </>
      )}
    </EditorSection>
  );
}

/** Frame, tag and glow (everyone); the profile background (staff). */
export function DecorFields({ draft, staff, change }: Omit<Props, 'user'>) {
  return (
    <EditorSection title={T.decorSection}>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectRow
          label={T.frame}
          value={draft.frame}
          onChange={(event) => change({ frame: Number(event.target.value) })}
        >
          <option value={0}>{T.none}</option>
          {NUMBERS.map((n) => (
            <option key={n} value={n}>
              {T.numbered(n)}
            </option>
          ))}
        </SelectRow>
        <div className="flex flex-col gap-2">
          <SelectRow
            label={T.tag}
            value={draft.tagImage ? CUSTOM_TAG : draft.tag}
            onChange={(event) => {
              const tag = Number(event.target.value);
              if (tag !== CUSTOM_TAG) change({ tag, tagImage: null });
            }}
          >
            <option value={0}>{T.none}</option>
            {draft.tagImage && <option value={CUSTOM_TAG}>{T.tagImageOption}</option>}
            {NUMBERS.map((n) => (
              <option key={n} value={n}>
                {T.numbered(n)}
              </option>
            ))}
          </SelectRow>
          <TagImageField draft={draft} change={change} />
        </div>
      </div>
      <SelectRow
        label={T.profileEffect}
        value={draft.profileEffect}
        onChange={(event) => change({ profileEffect: event.target.value })}
      >
        <option value="">{T.none}</option>
        {PROFILE_EFFECTS.map((effect) => (
          <option key={effect} value={effect}>
            {PROFILE_EFFECT_LABELS[effect]}
          </option>
        ))}
      </SelectRow>
      {staff && (
        <ColorField
          label={T.background}
          value={draft.background}
          noneLabel={T.noBackground}
          onChange={(background) => change({ background, backgroundSource: null })}
        />
      )}
    </EditorSection>
  );
}
