import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, errorText, type ErrorCode } from './errors';
import { errorTextFor, FEMININE_ERRORS, forReader } from './errors-feminine';

/** Words that speak to a man (you, wait, try again, choose, write…): a refusal using one needs a feminine form. */
const MASCULINE_ADDRESS =
  /(^|[\s،؛:])(أنت |انتظر |أعد |اختر |اكتب |سجّل |حاول |ادخل |تمهّل |حدّد |أغلق |أنزل |ترسل |لا ترسل |أرسلت |رفعت |تقرأ |تبلّغ )/;

describe('refusals in the reader’s gender', () => {
  it('has a feminine form for every refusal that speaks to the reader', () => {
    const missing = (Object.keys(ERROR_MESSAGES) as ErrorCode[]).filter(
      (code) => MASCULINE_ADDRESS.test(ERROR_MESSAGES[code]) && !FEMININE_ERRORS[code],
    );
    expect(missing).toEqual([]);
    for (const [code, feminine] of Object.entries(FEMININE_ERRORS))
      expect(feminine, code).not.toBe(ERROR_MESSAGES[code as ErrorCode]);
  });

  it('turns the text the server sent into the feminine for a woman, and leaves it for anyone else', () => {
    expect(forReader(ERROR_MESSAGES.MUTED, 'أنثى')).toBe(
      'أنتِ مكتومة الآن: تقرئين الرسائل ولا يمكنك الكتابة حتى تنتهي المدة',
    );
    expect(forReader(ERROR_MESSAGES.MUTED, 'ذكر')).toBe(ERROR_MESSAGES.MUTED);
    expect(forReader(ERROR_MESSAGES.MUTED, null)).toBe(ERROR_MESSAGES.MUTED);
    expect(forReader('نص آخر', 'أنثى')).toBe('نص آخر');
  });

  it('keeps the time left of a refusal that says when to try again', () => {
    expect(errorText('MESSAGE_RATE_LIMITED', 2)).toBe('أنت ترسل بسرعة كبيرة؛ أعد المحاولة بعد ثانيتين');
    expect(errorTextFor('MESSAGE_RATE_LIMITED', 'أنثى', 2)).toBe('أنتِ ترسلين بسرعة كبيرة؛ أعيدي المحاولة بعد ثانيتين');
    expect(errorTextFor('REPORT_RATE_LIMITED', 'أنثى', 90)).toBe(
      'أرسلتِ بلاغات كثيرة في وقت قصير؛ أعيدي المحاولة بعد دقيقتين',
    );
    expect(errorTextFor('MESSAGE_REPEATED', 'ذكر', 5)).toBe(errorText('MESSAGE_REPEATED', 5));
  });
});
