import type { HealthBand } from '../../../shared/api/connection';
import { countOf, type CountedNoun } from '../../../shared/arabic/grammar';

const ATTEMPT: CountedNoun = {
  one: 'محاولة واحدة',
  two: 'محاولتان',
  twoOblique: 'محاولتين',
  few: 'محاولات',
  many: 'محاولة',
};

/** The network-health dot and the fallback notices (Arabic). */
export const NETWORK_HEALTH_TEXTS = {
  bands: {
    excellent: 'ممتازة',
    good: 'جيدة',
    fair: 'مقبولة',
    poor: 'ضعيفة',
    critical: 'سيئة جداً',
  } satisfies Record<HealthBand, string>,
  measuring: 'جارٍ القياس',
  title: 'حالة الاتصال',
  label: (band: string) => `حالة الاتصال: ${band}`,
  latency: (ms: number) => `زمن الاستجابة ${ms} ملّي ثانية`,
  success: (percent: number) => `نسبة النجاح ${percent}٪`,
  samples: (n: number) => `(آخر ${countOf(n, ATTEMPT, 'oblique')})`,
  transport: {
    websocket: 'اتصال مباشر',
    polling: 'اتصال مباشر عبر استطلاع HTTP',
    http: 'وضع احتياطي عبر HTTP',
    none: 'غير متصل',
  },
  polling: 'الاتصال المباشر متعذّر؛ الرسائل تصل وتُرسل عبر وضع احتياطي أبطأ',
  /**
   * The socket is down and the polls fail too, while the device has a network (offline shows the
   * spec's "connection lost" instead): the server cannot be reached, so say so (spec §8).
   */
  backup: 'فشل الاتصال بالخادم؛ رسائلك محفوظة وستُرسل عند عودة الاتصال',
  close: 'إغلاق',
};
