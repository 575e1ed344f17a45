import * as z from 'zod/mini';
import { TEXT_COLOR_DEFAULT } from '../../../shared/constants';
import { normalizeHexColor } from '../../../shared/entities/message';
import { readLocal, writeLocal } from '../../lib/local-store';

export interface ComposerStyle {
  textColor: string;
  bold: boolean;
}

const KEY = 'majlis.composerStyle';
const schema = z.object({ textColor: z.string(), bold: z.boolean() });

/** Spec §3 "Composer style": text colour (default black) and bold, remembered in this browser. */
export function loadComposerStyle(): ComposerStyle {
  const stored = readLocal(KEY, schema);
  return { textColor: normalizeHexColor(stored?.textColor) ?? TEXT_COLOR_DEFAULT, bold: stored?.bold ?? false };
}

export function saveComposerStyle(style: ComposerStyle): void {
  writeLocal(KEY, style);
}
