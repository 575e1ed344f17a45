import { Check } from 'lucide-react';
import { useState } from 'react';
import { settingsEndpoints } from '../../../shared/api/settings';
import { THEME_BASES, THEME_IDS, themeColors, type ThemeId } from '../../../shared/themes/themes';
import { callApi } from '../../lib/api';
import { showError, showSuccess } from '../../lib/toast';
import { applyTheme, shownTheme } from './apply-theme';
import { THEME_TEXTS as T } from './texts';

/** A small picture of a theme: its navigation bar, a sidebar, the page and a button. */
function ThemePreview({ id }: { id: ThemeId }) {
  const c = themeColors(id);
  return (
    <span
      aria-hidden="true"
      className="block h-14 w-full overflow-hidden rounded-lg border"
      style={{ borderColor: c.border }}
    >
      <span className="block h-3" style={{ background: c.nav }} />
      <span className="flex h-11">
        <span className="block w-1/4" style={{ background: c.sidebar }} />
        <span className="flex flex-1 flex-col justify-center gap-1 px-1.5" style={{ background: c.background }}>
          <span className="block h-1.5 w-3/4 rounded" style={{ background: c.foreground, opacity: 0.75 }} />
          <span className="block h-1.5 w-1/2 rounded" style={{ background: c['muted-foreground'] }} />
          <span className="block h-2.5 w-8 rounded" style={{ background: c.primary }} />
        </span>
      </span>
    </span>
  );
}

/** The owner's choice of site theme, with a preview of each (the server refuses anyone else). */
export function ThemePicker() {
  const [current, setCurrent] = useState<ThemeId>(shownTheme);
  const [saving, setSaving] = useState<ThemeId | null>(null);
  const choose = async (id: ThemeId) => {
    if (saving) return;
    setSaving(id);
    try {
      const { siteTheme } = await callApi(settingsEndpoints.setSiteTheme, { body: { siteTheme: id } });
      setCurrent(applyTheme(siteTheme));
      showSuccess(T.saved(THEME_BASES[siteTheme].name));
    } catch (error) {
      showError(error);
    } finally {
      setSaving(null);
    }
  };
  return (
    <div role="radiogroup" aria-label={T.pickerLabel} className="grid grid-cols-2 gap-2 px-1 sm:grid-cols-3">
      {THEME_IDS.map((id) => {
        const selected = id === current;
        return (
          <button
            key={id}
            type="button"
            role="radio"
            aria-checked={selected}
            data-theme-option={id}
            disabled={saving !== null}
            onClick={() => void choose(id)}
            className={`flex min-h-11 flex-col gap-1 rounded-xl border-2 p-1.5 text-start text-xs disabled:opacity-60 ${selected ? 'border-primary' : 'border-transparent hover:border-border'}`}
          >
            <ThemePreview id={id} />
            <span className="flex items-center gap-1 font-medium">
              {selected && <Check aria-hidden="true" className="h-3.5 w-3.5 text-primary" />}
              {THEME_BASES[id].name}
            </span>
          </button>
        );
      })}
    </div>
  );
}
