import { byGender } from '../../../shared/arabic/grammar';
import { ToggleRow } from '../../components/ToggleRow';
import { readerGender } from '../../lib/reader-voice';
import { showError, showSuccess } from '../../lib/toast';
import { useSession } from '../session/session-store';
import { disablePush, enablePush, setPreview, usePush } from './push-client';
import { PUSH_TEXTS as T } from './texts';

/** The settings sheet's part: push on this device, and the message preview. */
export function PushSettings() {
  const { status, preview } = usePush();
  const userId = useSession().record?.userId;
  const gender = readerGender();
  if (status === 'unknown') return null;
  if (status === 'unsupported') return <p className="px-3 text-xs text-muted-foreground">{T.unsupported}</p>;
  const toggle = (next: boolean) => {
    if (status === 'busy' || userId === undefined) return;
    if (!next) return void disablePush().catch(showError);
    void enablePush(userId)
      .then((result) => result === 'on' && showSuccess(T.turnedOn))
      .catch(() => showError(byGender(gender, { male: T.failed, female: T.failedFeminine })));
  };
  return (
    <>
      <ToggleRow inset label={T.toggle} hint={T.toggleHint} checked={status === 'on'} onChange={toggle} />
      {status === 'denied' && (
        <p role="status" className="px-3 text-xs text-destructive">
          {byGender(gender, { male: T.denied, female: T.deniedFeminine })}
        </p>
      )}
      {status === 'on' && (
        <ToggleRow
          inset
          label={T.preview}
          hint={T.previewHint}
          checked={preview}
          onChange={(next) => void setPreview(next).catch(showError)}
        />
      )}
    </>
  );
}
