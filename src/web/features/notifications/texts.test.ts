import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TEXTS as T } from './texts';

describe('the bell’s label', () => {
  it('counts unread notifications with the adjective agreeing in number', () => {
    expect([0, 1, 2, 3, 11].map(T.open)).toEqual([
      'الإشعارات',
      'الإشعارات: إشعار واحد غير مقروء',
      'الإشعارات: إشعاران غير مقروءين',
      'الإشعارات: 3 إشعارات غير مقروءة',
      'الإشعارات: 11 إشعاراً غير مقروء',
    ]);
  });
});
