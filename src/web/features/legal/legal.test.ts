import { describe, expect, it } from 'vitest';
import type { LegalDocument } from './legal-types';
import { DEFAULT_RETENTION_DAYS, fillLegalText } from './fill';
import { PRIVACY_POLICY } from './privacy-policy';
import { TERMS_OF_USE } from './terms-of-use';

const PRIVACY_SECTION_IDS = [
  'introduction',
  'data-collected',
  'data-use',
  'data-sharing',
  'cookies',
  'user-rights',
  'minimum-age',
  'data-retention',
  'policy-changes',
  'contact',
];

const TERMS_SECTION_IDS = [
  'definitions',
  'registration',
  'prohibited-conduct',
  'content-ip',
  'privacy',
  'penalties',
  'disclaimer',
  'changes-termination',
  'governing-law',
  'contact',
  'safety-tips',
];

const ARABIC = /[\u0600-\u06FF]/u;
const NON_WESTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/u;

/** Every human-readable string of a document (everything except the section ids). */
function allStrings(doc: LegalDocument): string[] {
  const strings = [doc.title, doc.metaDescription, doc.updatedLabel, doc.intro];
  for (const section of doc.sections) {
    strings.push(section.title);
    for (const block of section.blocks) {
      if (block.type === 'p') strings.push(block.text);
      else strings.push(...block.items);
    }
  }
  return strings;
}

/** The spec's periods, as a site with the default settings states them. */
const filled = { contactEmail: 'support@majlis.example', retention: DEFAULT_RETENTION_DAYS };

function fullText(doc: LegalDocument): string {
  return allStrings(doc).join('\n');
}

function sectionText(doc: LegalDocument, id: string): string {
  const section = doc.sections.find((s) => s.id === id);
  expect(section, `section ${id}`).toBeDefined();
  return section!.blocks.map((b) => (b.type === 'p' ? b.text : b.items.join('\n'))).join('\n');
}

function wordCount(doc: LegalDocument): number {
  return fullText(doc).split(/\s+/u).filter(Boolean).length;
}

describe.each([
  ['privacy policy', PRIVACY_POLICY, PRIVACY_SECTION_IDS],
  ['terms of use', TERMS_OF_USE, TERMS_SECTION_IDS],
] as const)('%s', (_name, doc, ids) => {
  it('has every section the spec lists, in order, with unique ascii ids', () => {
    const actual = doc.sections.map((s) => s.id);
    expect(actual).toEqual(ids);
    expect(new Set(actual).size).toBe(actual.length);
    for (const id of actual) expect(id).toMatch(/^[a-z][a-z0-9-]*$/u);
  });

  it('has only non-empty strings that contain Arabic script', () => {
    for (const text of allStrings(doc)) {
      expect(text.trim().length, JSON.stringify(text)).toBeGreaterThan(0);
      expect(text, text).toMatch(ARABIC);
    }
  });

  it('uses Western digits and Arabic punctuation only', () => {
    for (const text of allStrings(doc)) {
      expect(text, text).not.toMatch(NON_WESTERN_DIGITS);
      expect(text, text).not.toMatch(/[,?;]/u);
    }
  });

  it('ends every paragraph and list item with punctuation', () => {
    for (const section of doc.sections) {
      const texts = section.blocks.flatMap((b) => (b.type === 'p' ? [b.text] : b.items));
      for (const text of texts) expect(text, text).toMatch(/[.:؟!]$/u);
    }
    expect(doc.intro).toMatch(/[.؟!]$/u);
  });

  it('keeps every section to 1 to 5 blocks, with non-empty lists', () => {
    for (const section of doc.sections) {
      expect(section.blocks.length, section.id).toBeGreaterThanOrEqual(1);
      expect(section.blocks.length, section.id).toBeLessThanOrEqual(5);
      for (const block of section.blocks) if (block.type === 'ul') expect(block.items.length).toBeGreaterThan(0);
    }
  });

  it('has a 140 to 160 character meta description and a sensible length', () => {
    expect(doc.metaDescription.length).toBeGreaterThanOrEqual(140);
    expect(doc.metaDescription.length).toBeLessThanOrEqual(160);
    const words = wordCount(doc);
    expect(words).toBeGreaterThanOrEqual(850);
    expect(words).toBeLessThanOrEqual(1600);
  });

  it('refers to the site as «مجلس» and leaves the contact address as a placeholder', () => {
    const text = fullText(doc);
    expect(text).toContain('«مجلس»');
    expect(text).toContain('{{contactEmail}}');
    expect(text).not.toMatch(/@/u);
    expect(sectionText(doc, 'contact')).toContain('{{contactEmail}}');
  });

  it('is dated January 2025', () => {
    expect(doc.updatedLabel).toContain('يناير 2025');
  });
});

describe('privacy policy content (spec §2 and §9)', () => {
  const text = fullText(PRIVACY_POLICY);

  it('states the dates, the minimum age and the retention periods', () => {
    expect(PRIVACY_POLICY.title).toBe('سياسة الخصوصية');
    expect(PRIVACY_POLICY.updatedLabel).toBe('آخر تحديث: يناير 2025');
    expect(sectionText(PRIVACY_POLICY, 'minimum-age')).toContain('18 عاماً');
    const retention = fillLegalText(sectionText(PRIVACY_POLICY, 'data-retention'), filled);
    expect(retention).toContain('سجلات الدردشة العامة: 30 يوماً');
    expect(retention).toContain('الرسائل الخاصة: 7 أيام');
    expect(retention).toContain('الحالات: 24 ساعة');
    expect(retention).toContain('سجلات الأمان: 90 يوماً');
    expect(retention).toContain('النسخ الاحتياطية: 30 يوماً');
    expect(retention).toContain('بيانات الحساب: طوال مدة نشاط الحساب');
    expect(retention).toContain('منشورات الحوائط وتعليقاتها وصورها: حتى يحذفها كاتبها أو الإدارة، أو يُحذف الحساب');
    expect(retention).toContain('اشتراكات الإشعارات: حتى توقفها، أو بعد 90 يوماً دون استعمال');
    expect(sectionText(PRIVACY_POLICY, 'cookies')).toContain('اشتراك الإشعارات');
  });

  it('lists the data collected', () => {
    const collected = sectionText(PRIVACY_POLICY, 'data-collected');
    for (const item of [
      'اسم المستخدم',
      'كلمة المرور',
      'مشفّرة',
      'الجنس',
      'العمر',
      'الدولة',
      'الحالة الاجتماعية',
      'اختيارية',
      'IP',
      'المتصفح',
      'نظام التشغيل',
      'وقت الزيارة',
      'الصفحات',
      'الرسائل',
      'الصور',
      'ملفك الشخصي',
    ])
      expect(collected).toContain(item);
  });

  it('never sells data and shares it only in the four listed cases', () => {
    const sharing = sectionText(PRIVACY_POLICY, 'data-sharing');
    expect(sharing).toContain('لا نبيع');
    for (const item of ['بموافقتك', 'التزام قانوني', 'لحماية حقوق', 'اندماج']) expect(sharing).toContain(item);
  });

  it('describes the session cookie, the device id and local preferences, without ad trackers', () => {
    const cookies = sectionText(PRIVACY_POLICY, 'cookies');
    for (const item of ['للجلسة', 'معرّف للجهاز', 'التخزين المحلي', 'لون النص', 'لا نستخدم ملفات تعريف ارتباط إعلانية'])
      expect(cookies).toContain(item);
  });

  it('lists the six user rights and how to exercise them', () => {
    const rights = sectionText(PRIVACY_POLICY, 'user-rights');
    for (const right of ['الاطلاع', 'التصحيح', 'الحذف', 'الاعتراض', 'نقل البيانات', 'سحب الموافقة'])
      expect(rights).toContain(right);
    expect(rights).toContain('{{contactEmail}}');
  });

  it('mentions 18, 30 days, 7 days, 90 days and January 2025 in the text', () => {
    for (const fact of ['18', '30 يوماً', '7 أيام', '90 يوماً']) expect(fillLegalText(text, filled)).toContain(fact);
  });

  it('states the periods the site is configured with, in agreement with the number', () => {
    const retention = fillLegalText(sectionText(PRIVACY_POLICY, 'data-retention'), {
      contactEmail: 'a@b.example',
      retention: { publicDays: 14, privateDays: 2, securityDays: 1 },
    });
    expect(retention).toContain('سجلات الدردشة العامة: 14 يوماً.');
    expect(retention).toContain('الرسائل الخاصة: يومان.');
    expect(retention).toContain('سجلات الأمان: يوم واحد.');
    expect(retention).not.toMatch(/\{\{/);
  });
});

describe('terms of use content (spec §2, §5 and §6)', () => {
  const text = fullText(TERMS_OF_USE);

  it('states the title, the effective date and the minimum age', () => {
    expect(TERMS_OF_USE.title).toBe('شروط الاستخدام');
    expect(TERMS_OF_USE.updatedLabel).toBe('تاريخ السريان: يناير 2025');
    expect(sectionText(TERMS_OF_USE, 'registration')).toContain('18 عاماً أو أكثر');
    expect(text).toContain('18');
  });

  it('lists the registration conditions', () => {
    const registration = sectionText(TERMS_OF_USE, 'registration');
    for (const item of ['صحيحة ودقيقة', 'حساب واحد', 'مسيئاً', 'تنتحل']) expect(registration).toContain(item);
  });

  it('lists the six penalties in order and the deletion of violating content without notice', () => {
    const penalties = TERMS_OF_USE.sections.find((s) => s.id === 'penalties')!;
    const list = penalties.blocks.find((b) => b.type === 'ul');
    expect(list?.type).toBe('ul');
    const items = list?.type === 'ul' ? list.items : [];
    const names = ['التنبيه', 'الكتم المؤقت', 'الطرد المؤقت', 'الحظر الدائم', 'حظر عنوان IP', 'الإجراءات القانونية'];
    expect(items).toHaveLength(names.length);
    names.forEach((name, i) => expect(items[i]).toMatch(new RegExp(`^${name}:`, 'u')));
    expect(sectionText(TERMS_OF_USE, 'penalties')).toContain('حذف أي محتوى مخالف دون إشعار مسبق');
  });

  it('bans the conduct the brief lists', () => {
    const banned = sectionText(TERMS_OF_USE, 'prohibited-conduct');
    for (const item of [
      'التحرش',
      'خطاب الكراهية',
      'المحتوى الجنسي',
      'الإغراق',
      'انتحال صفة المشرفين',
      'البيانات الشخصية لغيرك',
      'مخالف للقانون',
      'اختراق',
    ])
      expect(banned).toContain(item);
  });

  it('points to the privacy policy at /privacy and keeps the governing law general', () => {
    expect(sectionText(TERMS_OF_USE, 'privacy')).toContain('/privacy');
    expect(sectionText(TERMS_OF_USE, 'governing-law')).toContain('للقوانين السارية على الجهة المشغلة');
  });

  it('gives safety tips, including the ignore feature', () => {
    const tips = sectionText(TERMS_OF_USE, 'safety-tips');
    expect(tips).toContain('«تجاهل»');
    for (const item of ['كلمة المرور', 'بياناتك الشخصية', 'أبلغ المشرفين', 'الغرباء']) expect(tips).toContain(item);
  });
});
