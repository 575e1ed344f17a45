/**
 * The moderation screens with a fake socket and canned HTTP answers, for looking at them before
 * the server side exists: `node scripts/moderation-screens.mjs` photographs every scenario.
 * Open by hand with `npx vite` and /scripts/moderation-screens/index.html?s=chat&role=owner.
 */
import '../../src/web/styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import type { Role } from '../../src/shared/roles';
import { Shell } from '../../src/web/app/Shell';
import { ChatScreen } from '../../src/web/features/chat/ChatScreen';
import { createLive } from '../../src/web/app/live';
import { LiveProvider } from '../../src/web/app/LiveProvider';
import { FakePage, FakeSocket } from '../../src/web/realtime/test-doubles';
import { aSelfUser } from '../../src/web/testing/fixtures';
import { openPanel, type PanelTab } from '../../src/web/features/moderation/panel-store';
import type { CardAction } from '../../src/web/features/moderation';
import { openCardForMessage, openUserCard } from '../../src/web/features/people/user-card-store';
import { sanctionStore } from '../../src/web/features/sanction/sanction-store';
import { sessionStore } from '../../src/web/features/session/session-store';
import { createQueryClient } from '../../src/web/lib/query-client';
import { showError } from '../../src/web/lib/toast';
import { HANDLED, LOG, MESSAGES, ONLINE, ONLINE_EVERYWHERE, REPORTS, ROOMS, SANCTIONS, WORDS } from './fixtures';

const params = new URLSearchParams(location.search);
const scenario = params.get('s') ?? 'chat';
const role = (params.get('role') ?? 'owner') as Role;

// ---- canned HTTP --------------------------------------------------------------------------

function reply(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const answers: [RegExp, (url: URL, init?: RequestInit) => Response][] = [
  [/^\/api\/rooms$/, () => reply({ rooms: ROOMS })],
  [/^\/api\/moderation\/online$/, () => reply({ users: ONLINE_EVERYWHERE })],
  [/^\/api\/moderation\/sanctions$/, () => reply({ sanctions: SANCTIONS })],
  [/^\/api\/moderation\/log$/, () => reply({ entries: LOG, hasMore: true })],
  [/^\/api\/moderation\/words$/, () => reply({ words: WORDS })],
  [/^\/api\/reports$/, (url) => reply({ reports: url.searchParams.get('status') === 'actioned' ? HANDLED : REPORTS })],
  [
    /^\/api\/moderation\/(kick|mute|ban|block)$/,
    () =>
      reply({ message: 'لا يمكنك تنفيذ هذا الإجراء على من هو في رتبتك أو أعلى منها', code: 'TARGET_OUTRANKS' }, 403),
  ],
];

window.fetch = async (input, init) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
  const match = answers.find(([pattern]) => pattern.test(url.pathname));
  await new Promise((resolve) => setTimeout(resolve, 30));
  return match ? match[1](url, init) : reply({ message: 'المورد المطلوب غير موجود', code: 'NOT_FOUND' }, 404);
};

// ---- scenarios ----------------------------------------------------------------------------

const root = createRoot(document.getElementById('root')!);

function landing() {
  root.render(
    <Shell>
      <main id="main" className="mx-auto flex min-h-dvh max-w-xl flex-col gap-4 p-6">
        <h1 className="text-2xl font-bold">دردشة مصر</h1>
        <p>صفحة الترحيب: ادخل باسم مستعار أو سجّل الدخول.</p>
        <input className="h-11 rounded-xl border border-border bg-card px-3" placeholder="الاسم المستعار" />
        <button type="button" className="h-11 rounded-xl bg-primary text-primary-foreground">
          ادخل الدردشة
        </button>
      </main>
    </Shell>,
  );
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
}

async function chat(options: { mutedMinutes?: number; after?: () => void }) {
  const me = aSelfUser(role === 'guest' || role === 'member' ? 3 : 1, {
    username: role === 'guest' || role === 'member' ? 'أبو علي' : 'سامي',
    role,
    userType: role === 'guest' ? 'guest' : 'member',
    gender: params.get('female') ? 'أنثى' : 'ذكر',
  });
  sessionStore.signIn(me);
  sessionStore.selectRoom('general');
  const queryClient = createQueryClient();
  const socket = new FakeSocket();
  const live = createLive({
    session: sessionStore,
    queryClient,
    socket: socket.asSocket(),
    page: new FakePage(),
    history: async () => MESSAGES,
    notify: showError,
  });
  root.render(
    <Shell>
      <QueryClientProvider client={queryClient}>
        <LiveProvider live={live}>
          <ChatScreen roomId="general" />
        </LiveProvider>
      </QueryClientProvider>
    </Shell>,
  );
  await until(() => socket.connectCalls > 0);
  socket.accept();
  const mutedUntil = options.mutedMinutes ? new Date(Date.now() + options.mutedMinutes * 60_000).toISOString() : null;
  socket.fire('authenticated', { user: me, serverTime: Date.now(), restrictions: { mutedUntil } });
  await until(() => socket.waiting('joinRoom').length > 0);
  await socket.answer('joinRoom', { ok: true, roomId: 'general' });
  socket.fire('message', { type: 'onlineUsers', roomId: 'general', users: ONLINE });
  const notice = (fields: Record<string, unknown>) =>
    socket.fire('message', {
      type: 'moderationAction',
      roomId: 'general',
      actorName: 'سامي',
      actorGender: 'ذكر',
      targetName: 'زائر123',
      targetGender: null,
      reason: 'بدون سبب',
      durationMinutes: 15,
      action: 'kick',
      ...fields,
    });
  notice({ action: 'mute', actorName: 'نور الهدى', actorGender: 'أنثى', durationMinutes: 120, reason: 'إزعاج وتكرار' });
  notice({ action: 'kick', targetName: 'Spammer_99', durationMinutes: 2 });
  notice({
    action: 'unmute',
    actorName: 'Ahmed_Cairo',
    targetName: 'ليلى',
    targetGender: 'أنثى',
    durationMinutes: null,
  });
  options.after?.();
}

switch (scenario) {
  case 'kick':
    sanctionStore.kicked({
      moderator: 'نور الهدى',
      reason: 'ألفاظ غير لائقة في الغرفة العامة',
      duration: 15,
      until: new Date(Date.now() + 15 * 60_000 - 1000).toISOString(),
      kind: 'kick',
    });
    landing();
    break;
  case 'ban':
    sanctionStore.kicked({
      moderator: '',
      reason: '',
      duration: 1440,
      until: new Date(Date.now() + 1440 * 60_000 - 5000).toISOString(),
      kind: 'ban',
    });
    landing();
    break;
  case 'barred':
    sanctionStore.refused('BANNED', 125);
    landing();
    break;
  case 'block':
    sanctionStore.blocked({ moderator: 'سامي', reason: 'انتحال شخصية المشرف' });
    landing();
    break;
  case 'kick-hidden':
    sanctionStore.refused('BANNED', 600);
    sanctionStore.hide();
    landing();
    break;
  case 'muted':
    void chat({ mutedMinutes: 45 });
    break;
  case 'card':
    void chat({
      after: () => {
        const action = params.get('action') as CardAction | null;
        if (params.get('message')) openCardForMessage(MESSAGES[2]!);
        else
          openUserCard(
            { id: 6, username: 'زائر123', role: 'guest', userType: 'guest', gender: null, profileImage: null },
            action ? { action } : {},
          );
      },
    });
    break;
  case 'panel':
    void chat({ after: () => openPanel((params.get('tab') ?? 'online') as PanelTab) });
    break;
  case 'slash':
    void chat({});
    break;
  default:
    void chat({});
}
