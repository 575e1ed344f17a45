/** Characters as people count them in a limit: code points, so an emoji or a rare letter is one. */
export const charCount = (text: string): number => [...text].length;

/**
 * Whether `text` has more than `max` characters. A string is never more characters than UTF-16
 * units, so the common short text is answered from its length without splitting it.
 */
export const longerThan = (text: string, max: number): boolean => text.length > max && charCount(text) > max;
