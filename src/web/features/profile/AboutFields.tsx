import { useId } from 'react';
import { BIO_MAX, STATUS_TEXT_MAX } from '../../../shared/entities/profile-style';
import { GENDERS, PRIVATE_MESSAGES_FROM, type PrivateMessagesFrom } from '../../../shared/entities/user';
import { TextField } from '../../components/Field';
import { ToggleRow } from '../../components/ToggleRow';
import { EditorSection, SelectRow } from './EditorParts';
import type { ProfileDraft } from './profile-draft';
import { PROFILE_TEXTS as T } from './texts';

interface Props {
  draft: ProfileDraft;
  staff: boolean;
  change: (patch: Partial<ProfileDraft>) => void;
}

export function AboutFields({ draft, change }: Omit<Props, 'staff'>) {
  const bioId = useId();
  return (
    <EditorSection title={T.aboutSection}>
      <TextField
        label={T.displayName}
        hint={T.displayNameHint}
        value={draft.displayName}
        maxLength={24}
        dir="auto"
        onChange={(event) => change({ displayName: event.target.value })}
      />
      <TextField
        label={T.statusText}
        hint={T.statusHint}
        value={draft.statusText}
        maxLength={STATUS_TEXT_MAX}
        dir="auto"
        onChange={(event) => change({ statusText: event.target.value })}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={bioId} className="text-sm font-medium">
          {T.bio}
        </label>
        <textarea
          id={bioId}
          dir="auto"
          rows={3}
          maxLength={BIO_MAX}
          value={draft.bio}
          aria-describedby={`${bioId}-hint`}
          onChange={(event) => change({ bio: event.target.value })}
          className="w-full rounded-xl border border-border bg-card px-3 py-2 text-base text-foreground focus:border-primary"
        />
        <p id={`${bioId}-hint`} className="text-xs text-muted-foreground">
          {T.bioHint} ({[...draft.bio].length}/{BIO_MAX})
        </p>
      </div>
      <SelectRow label={T.gender} value={draft.gender} onChange={(event) => change({ gender: event.target.value })}>
        <option value="">{T.genderUnset}</option>
        {GENDERS.map((gender) => (
          <option key={gender} value={gender}>
            {gender}
          </option>
        ))}
      </SelectRow>
    </EditorSection>
  );
}

export function NoticeFields({ draft, staff, change }: Props) {
  return (
    <EditorSection title={T.noticesSection}>
      <ToggleRow
        label={T.sounds}
        hint={T.soundsHint}
        checked={draft.globalSoundEnabled}
        onChange={(globalSoundEnabled) => change({ globalSoundEnabled })}
      />
      <ToggleRow
        label={T.systemMessages}
        hint={T.systemMessagesHint}
        checked={draft.showSystemMessages}
        onChange={(showSystemMessages) => change({ showSystemMessages })}
      />
      <SelectRow
        label={T.privateFrom}
        value={draft.privateMessagesFrom}
        onChange={(event) => change({ privateMessagesFrom: event.target.value as PrivateMessagesFrom })}
      >
        {PRIVATE_MESSAGES_FROM.map((option) => (
          <option key={option} value={option}>
            {T.privateFromOptions[option]}
          </option>
        ))}
      </SelectRow>
      {staff && (
        <ToggleRow
          label={T.hidden}
          hint={T.hiddenHint}
          checked={draft.isHidden}
          onChange={(isHidden) => change({ isHidden })}
        />
      )}
    </EditorSection>
  );
}
