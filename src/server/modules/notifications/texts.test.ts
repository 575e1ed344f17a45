import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TEXTS as T } from './texts';

const leila = { username: 'ليلى', gender: 'أنثى' };
const basel = { username: 'باسل', gender: 'ذكر' };
const sam = { username: 'Sam 7', gender: null };

describe('notification wording', () => {
  it('agrees with the actor’s gender', () => {
    expect(T.mention(leila, 1)).toBe('\u2068ليلى\u2069 أشارت إليك');
    expect(T.mention(basel, 3)).toBe('\u2068باسل\u2069 أشار إليك 3 مرات');
    expect(T.reply(leila)).toBe('\u2068ليلى\u2069 ردّت على رسالتك');
    expect(T.reply(basel)).toBe('\u2068باسل\u2069 ردّ على رسالتك');
    expect(T.friendRequest(leila)).toBe('\u2068ليلى\u2069 تريد أن تضيفك صديقاً');
    expect(T.friendRequest(basel)).toBe('\u2068باسل\u2069 يريد أن يضيفك صديقاً');
    expect(T.friendAccepted(leila)).toBe('\u2068ليلى\u2069 قبلت طلب صداقتك');
    expect(T.friendAccepted(sam)).toBe('\u2068Sam 7\u2069 قبل طلب صداقتك');
  });

  it('counts grouped private messages, the sender isolated', () => {
    expect(T.message(sam, 1)).toBe('رسالة خاصة من \u2068Sam 7\u2069');
    expect(T.message(leila, 2)).toBe('رسالتان خاصتان من \u2068ليلى\u2069');
    expect(T.message(leila, 5)).toBe('5 رسائل خاصة من \u2068ليلى\u2069');
  });

  it('words wall comments and reactions, grouped per post', () => {
    expect(T.wallComment(leila, 1)).toBe('\u2068ليلى\u2069 علّقت على منشورك');
    expect(T.wallComment(basel, 2)).toBe('تعليقان جديدان على منشورك');
    expect(T.wallComment(basel, 4)).toBe('4 تعليقات جديدة على منشورك');
    expect(T.wallReaction(basel, 1)).toBe('\u2068باسل\u2069 تفاعل مع منشورك');
    expect(T.wallReaction(leila, 12)).toBe('12 تفاعلاً جديداً مع منشورك');
  });
});
