import { useEffect } from 'react';
import { forReader } from '../../../shared/api/errors-feminine';
import { byGender } from '../../../shared/arabic/grammar';
import { FEMININE_HTTP_TEXTS } from '../../lib/http-texts';
import { setReaderVoice } from '../../lib/reader-voice';
import { useSession } from './session-store';

const unchanged = (text: string) => text;

/**
 * While the chat is open, toasts and refusals agree with the reader's gender (أنتِ مكتومة،
 * انتظري…): the server's masculine texts and the generic HTTP ones are turned to the feminine for
 * a woman.
 */
export function useReaderVoice(): void {
  const gender = useSession().user?.gender ?? null;
  useEffect(() => {
    const female = byGender(gender, { male: false, female: true });
    setReaderVoice(gender, female ? (text) => forReader(FEMININE_HTTP_TEXTS[text] ?? text, gender) : unchanged);
    return () => setReaderVoice(null, unchanged);
  }, [gender]);
}
