import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { ERROR_MESSAGES } from '../../../../shared/api/errors';
import { filteredWordSchema, WORD_ACTIONS, type FilteredWord } from '../../../../shared/entities/moderation';
import { foldUsername } from '../../../../shared/entities/username-key';
import { errorToastText } from '../../../lib/api';
import { showSuccess } from '../../../lib/toast';
import { saveWords } from '../moderation-api';
import { MODERATION_TEXTS as T } from '../texts';
import { PanelButton, QueryView } from './PanelParts';
import { PANEL_KEYS, useWords } from './panel-queries';

type WordAction = FilteredWord['action'];

function ActionSelect({
  value,
  onChange,
  label,
}: {
  value: WordAction;
  onChange: (a: WordAction) => void;
  label: string;
}) {
  return (
    <select
      aria-label={label}
      value={value}
      onChange={(e) => onChange(WORD_ACTIONS.find((a) => a === e.target.value) ?? 'mask')}
      className="h-11 rounded-xl border border-border bg-card px-2 text-sm"
    >
      {WORD_ACTIONS.map((a) => (
        <option key={a} value={a}>
          {T.wordActions[a]}
        </option>
      ))}
    </select>
  );
}

/** The word filter (admin+): add, change and remove words, then save the whole list. */
export function WordsTab() {
  const query = useWords(true);
  return (
    <QueryView query={query} empty="" isEmpty={() => false}>
      {(words) => <WordsEditor key={JSON.stringify(words)} saved={words} />}
    </QueryView>
  );
}

function WordsEditor({ saved }: { saved: FilteredWord[] }) {
  const queryClient = useQueryClient();
  const [words, setWords] = useState(saved);
  const [word, setWord] = useState('');
  const [action, setAction] = useState<WordAction>('mask');
  const [addError, setAddError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const wordId = useId();
  const dirty = JSON.stringify(words) !== JSON.stringify(saved);

  function add(event: FormEvent) {
    event.preventDefault();
    const parsed = filteredWordSchema.safeParse({ word, action });
    if (!parsed.success) return setAddError(ERROR_MESSAGES.WORD_INVALID);
    // Spellings the filter treats as one word are one entry.
    const key = foldUsername(parsed.data.word);
    if (words.some((w) => foldUsername(w.word) === key)) return setAddError(T.duplicateWord);
    setWords([...words, parsed.data]);
    setWord('');
    setAddError(null);
  }

  async function save() {
    setBusy(true);
    setSaveError(null);
    try {
      const { words: stored } = await saveWords(words);
      queryClient.setQueryData(PANEL_KEYS.words, stored);
      showSuccess(T.done.words);
    } catch (failure) {
      setSaveError(errorToastText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">{T.wordsHint}</p>
      <form onSubmit={add} className="flex flex-wrap items-end gap-2" noValidate>
        <div className="flex min-w-40 flex-1 flex-col gap-1">
          <label htmlFor={wordId} className="text-sm font-medium">
            {T.word}
          </label>
          <input
            id={wordId}
            dir="auto"
            value={word}
            maxLength={50}
            onChange={(e) => {
              setWord(e.target.value);
              setAddError(null);
            }}
            aria-invalid={addError ? true : undefined}
            aria-describedby={addError ? `${wordId}-error` : undefined}
            className="h-11 rounded-xl border border-border bg-card px-3 focus:border-primary aria-[invalid=true]:border-destructive"
          />
        </div>
        <ActionSelect value={action} onChange={setAction} label={T.wordAction} />
        <PanelButton type="submit" tone="primary">
          {T.addWord}
        </PanelButton>
        {addError && (
          <p id={`${wordId}-error`} role="alert" className="w-full text-sm text-destructive">
            {addError}
          </p>
        )}
      </form>
      {words.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted-foreground">{T.wordsEmpty}</p>
      ) : (
        <>
          <p className="text-xs text-muted-foreground">{T.wordCount(words.length)}</p>
          <ul className="flex flex-col divide-y divide-border">
            {words.map((entry, index) => (
              <li key={entry.word} className="flex items-center gap-2 py-1.5">
                <bdi className="min-w-0 flex-1 truncate font-medium">{entry.word}</bdi>
                <ActionSelect
                  value={entry.action}
                  label={`${T.wordAction}: ${entry.word}`}
                  onChange={(next) => setWords(words.map((w, i) => (i === index ? { ...w, action: next } : w)))}
                />
                <button
                  type="button"
                  aria-label={T.removeWord(entry.word)}
                  onClick={() => setWords(words.filter((_, i) => i !== index))}
                  className="inline-flex h-11 w-11 items-center justify-center rounded-xl text-destructive hover:bg-destructive/10"
                >
                  <Trash2 aria-hidden="true" className="h-5 w-5" />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {saveError && (
        <p role="alert" className="text-sm text-destructive">
          {saveError}
        </p>
      )}
      <div className="sticky bottom-0 flex items-center gap-3 border-t border-border bg-card py-2">
        <PanelButton tone="primary" disabled={!dirty || busy} onClick={() => void save()}>
          {busy ? T.working : T.saveWords}
        </PanelButton>
        {dirty && <span className="text-sm text-warning">{T.unsaved}</span>}
      </div>
    </div>
  );
}
