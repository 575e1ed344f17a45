import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../shared/api/errors';
import { anOnlineUser } from '../../testing/fixtures';
import { isSlashCommand, parseSlashCommand, type SlashResult } from './slash-commands';
import { MODERATION_TEXTS } from './texts';

const ONLINE = [
  anOnlineUser(2, { username: 'علي' }),
  anOnlineUser(3, { username: 'أبو' }),
  anOnlineUser(4, { username: 'أبو علي' }),
  anOnlineUser(5, { username: 'Ahmed_Cairo' }),
  anOnlineUser(6, { username: 'نور الهدى' }),
];

function command(result: SlashResult) {
  if (!result.ok) throw new Error(result.error);
  return { ...result.command, target: result.command.target.username };
}

describe('slash commands', () => {
  it('reads action, name, length and reason', () => {
    expect(command(parseSlashCommand('/kick علي 10 ألفاظ غير لائقة', ONLINE))).toEqual({
      action: 'kick',
      target: 'علي',
      durationMinutes: 10,
      reason: 'ألفاظ غير لائقة',
    });
    expect(command(parseSlashCommand('  /mute Ahmed_Cairo 30', ONLINE))).toMatchObject({
      action: 'mute',
      target: 'Ahmed_Cairo',
      durationMinutes: 30,
      reason: '',
    });
    expect(command(parseSlashCommand('/ban علي 60 spam links', ONLINE))).toMatchObject({
      action: 'ban',
      durationMinutes: 60,
      reason: 'spam links',
    });
    expect(command(parseSlashCommand('/unmute علي', ONLINE))).toMatchObject({
      action: 'unmute',
      target: 'علي',
      durationMinutes: null,
    });
  });

  it('takes the default length when none is given, so the first word is the reason', () => {
    expect(command(parseSlashCommand('/kick علي يكرر الرسائل', ONLINE))).toMatchObject({
      durationMinutes: 15,
      reason: 'يكرر الرسائل',
    });
    expect(command(parseSlashCommand('/ban علي', ONLINE)).durationMinutes).toBe(1440);
  });

  it('matches the longest online name, so names with spaces need no quotes', () => {
    expect(command(parseSlashCommand('/kick أبو علي 5', ONLINE))).toMatchObject({
      target: 'أبو علي',
      durationMinutes: 5,
    });
    expect(command(parseSlashCommand('/kick أبو 5', ONLINE)).target).toBe('أبو');
    expect(command(parseSlashCommand('/mute نور الهدى 20 سبب', ONLINE))).toMatchObject({
      target: 'نور الهدى',
      reason: 'سبب',
    });
  });

  it('accepts quoted names, Arabic digits, other spellings of a name and Arabic command names', () => {
    expect(command(parseSlashCommand('/kick "أبو علي" 10', ONLINE)).target).toBe('أبو علي');
    expect(command(parseSlashCommand('/kick «نور الهدى» ١٠ سبب', ONLINE))).toMatchObject({
      target: 'نور الهدى',
      durationMinutes: 10,
    });
    expect(command(parseSlashCommand('/kick ابو علي', ONLINE)).target).toBe('أبو علي');
    expect(command(parseSlashCommand('/KICK ahmed_cairo 5', ONLINE)).target).toBe('Ahmed_Cairo');
    expect(command(parseSlashCommand('/طرد علي 10', ONLINE)).action).toBe('kick');
  });

  it('explains what is wrong in Arabic instead of sending anything', () => {
    expect(parseSlashCommand('/warn علي', ONLINE)).toEqual({
      ok: false,
      error: MODERATION_TEXTS.slash.unknownCommand('warn'),
    });
    expect(parseSlashCommand('/kick', ONLINE)).toEqual({
      ok: false,
      error: MODERATION_TEXTS.slash.missingName('kick'),
    });
    expect(parseSlashCommand('/kick فلان 10', ONLINE)).toEqual({
      ok: false,
      error: MODERATION_TEXTS.slash.unknownName('فلان'),
    });
    expect(parseSlashCommand('/kick "أبو علي 10', ONLINE)).toEqual({
      ok: false,
      error: MODERATION_TEXTS.slash.unclosedQuote,
    });
    expect(parseSlashCommand('/kick علي 0', ONLINE)).toEqual({ ok: false, error: ERROR_MESSAGES.DURATION_INVALID });
    expect(parseSlashCommand('/kick علي 50000', ONLINE)).toEqual({ ok: false, error: ERROR_MESSAGES.DURATION_INVALID });
    expect(parseSlashCommand('/kick علي 1.5', ONLINE)).toEqual({ ok: false, error: ERROR_MESSAGES.DURATION_INVALID });
    expect(parseSlashCommand(`/kick علي 10 ${'س'.repeat(301)}`, ONLINE)).toEqual({
      ok: false,
      error: ERROR_MESSAGES.REASON_TOO_LONG,
    });
  });

  it('tells a command from a message', () => {
    expect(isSlashCommand('/kick علي')).toBe(true);
    expect(isSlashCommand('  /mute')).toBe(true);
    expect(isSlashCommand('مرحبا /kick')).toBe(false);
  });
});
