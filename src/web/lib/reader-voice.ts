/**
 * Notices that speak to the reader (toasts, refusals, the sanction overlay) in their grammatical
 * gender. The chat, which knows who reads and holds the feminine forms, tells this module
 * (features/session/use-reader-voice.ts); until it does, texts pass unchanged, so landing pages
 * carry none of it. A sanction notice keeps the gender it was shown with (a kick ends the session,
 * and so this, while its notice is still on screen).
 */
let voice: (text: string) => string = (text) => text;
let gender: string | null = null;

export function setReaderVoice(readerGender: string | null, next: (text: string) => string): void {
  gender = readerGender;
  voice = next;
}

export function inReaderVoice(text: string): string {
  return voice(text);
}

/** The gender of whoever reads (as users store it), or null when not known. */
export function readerGender(): string | null {
  return gender;
}
