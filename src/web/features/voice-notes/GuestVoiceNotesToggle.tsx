import { useQuery, useQueryClient } from '@tanstack/react-query';
import { voiceNotesEndpoints } from '../../../shared/api/voice-notes';
import { ToggleRow } from '../../components/ToggleRow';
import { callApi } from '../../lib/api';
import { showError } from '../../lib/toast';
import { VOICE_NOTE_TEXTS as T } from './texts';

const KEY = ['voice-notes', 'setting'];

/** The owner's switch: may visitors send voice notes (off by default)? Members always may. */
export function GuestVoiceNotesToggle() {
  const queries = useQueryClient();
  const setting = useQuery({ queryKey: KEY, queryFn: () => callApi(voiceNotesEndpoints.setting) });
  return (
    <ToggleRow
      inset
      label={T.guestsSetting}
      hint={T.guestsSettingHint}
      checked={setting.data?.guestsAllowed ?? false}
      onChange={(guestsAllowed) => {
        callApi(voiceNotesEndpoints.setSetting, { body: { guestsAllowed } })
          .then((reply) => queries.setQueryData(KEY, reply))
          .catch(showError);
      }}
    />
  );
}
