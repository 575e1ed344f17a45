import { Flag, ImagePlus, MessageSquare, Trash2, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { WALLS, WALL_TYPES, type WallComment, type WallPost, type WallType } from '../../../shared/api/walls';
import type { UploadedImage } from '../../../shared/api/uploads';
import { REACTION_TYPES, type ReactionType } from '../../../shared/entities/message';
import type { PublicUser } from '../../../shared/entities/user';
import { can } from '../../../shared/policy';
import { UserAvatar } from '../../components/avatar';
import { Spinner } from '../../components/Spinner';
import { UserName } from '../../components/user-name';
import { showError, showSuccess } from '../../lib/toast';
import { useLiveEvent } from '../../realtime';
import { ChatImage } from '../images/ChatImage';
import { uploadImage } from '../images/upload-image';
import { ReactionIcon } from '../people/MessageExtras';
import { timeAgo } from '../people/relative-time';
import { PEOPLE_TEXTS } from '../people/texts';
import { useIgnoredIds } from '../people/social-queries';
import { openUserCard } from '../people/user-card-store';
import { actorOf, useSession } from '../session/session-store';
import {
  addComment,
  createPost,
  deleteComment,
  deletePost,
  fetchComments,
  fetchWall,
  reactToPost,
  reportComment,
  reportPost,
} from './walls-api';
import {
  emptyWall,
  withComment,
  withCreated,
  withoutPost,
  withPage,
  withPost,
  withUpdated,
  type WallState,
} from './wall-state';
import { WALLS_TEXTS as T } from './texts';

const run = (work: Promise<unknown>) => void work.catch(showError);

function openCard(user: PublicUser) {
  openUserCard({
    id: user.id,
    username: user.username,
    role: user.role,
    userType: user.userType,
    gender: user.gender,
    profileImage: user.profileImage,
  });
}

/** The author of a post or comment, as elsewhere: avatar with its frame, the name in its style. */
function Author({ user, at }: { user: PublicUser; at: string }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <button
        type="button"
        onClick={() => openCard(user)}
        aria-label={T.openCard(user.username)}
        aria-haspopup="dialog"
        className="-m-1 shrink-0 rounded-full p-1"
      >
        <UserAvatar user={user} frameOverflows />
      </button>
      <div className="min-w-0">
        <button
          type="button"
          onClick={() => openCard(user)}
          className="block max-w-full truncate rounded text-start text-sm leading-5 font-bold hover:underline"
        >
          <UserName user={user} />
        </button>
        <time dateTime={at} className="block text-xs text-muted-foreground">
          {timeAgo(at)}
        </time>
      </div>
    </div>
  );
}

/** A short form asking why, then sending the report. */
function ReportForm({
  label,
  onSend,
  onCancel,
}: {
  label: string;
  onSend: (reason: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const id = useId();
  return (
    <form
      className="mt-2 flex flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!reason.trim()) return;
        run(
          onSend(reason.trim()).then(() => {
            showSuccess(T.reported);
            onCancel();
          }),
        );
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}: {T.reportReason}
      </label>
      <input
        id={id}
        dir="auto"
        value={reason}
        maxLength={300}
        autoFocus
        onChange={(e) => setReason(e.target.value)}
        placeholder={T.reportReason}
        className="min-h-11 min-w-0 flex-1 rounded-xl border border-border bg-background px-3 text-sm"
      />
      <button type="submit" className="min-h-11 rounded-xl bg-primary px-3 text-sm font-medium text-primary-foreground">
        {T.reportSend}
      </button>
      <button type="button" onClick={onCancel} className="min-h-11 rounded-xl bg-muted px-3 text-sm">
        {T.cancel}
      </button>
    </form>
  );
}

function Comments({ post, onCount }: { post: WallPost; onCount: (n: number) => void }) {
  const session = useSession();
  const me = actorOf(session);
  const [comments, setComments] = useState<WallComment[] | null>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [reporting, setReporting] = useState<number | null>(null);
  const inputId = useId();
  useEffect(() => {
    let live = true;
    fetchComments(post.id).then(
      (reply) => live && setComments(reply.comments),
      (error: unknown) => live && (showError(error), setComments([])),
    );
    return () => {
      live = false;
    };
  }, [post.id]);
  useLiveEvent('wallCommentCreated', (e) => {
    if (e.comment.postId === post.id) setComments((list) => (list ? withComment(list, e.comment) : list));
  });
  useLiveEvent('wallCommentDeleted', (e) => {
    if (e.postId === post.id) setComments((list) => list?.filter((c) => c.id !== e.commentId) ?? list);
  });
  const mayWrite = can(me, 'postOnWall');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const content = text.trim();
    if (!content || sending) return;
    setSending(true);
    addComment(post.id, content)
      .then(({ comment }) => {
        setComments((list) => withComment(list ?? [], comment));
        setText('');
      })
      .catch(showError)
      .finally(() => setSending(false));
  };
  return (
    <div className="mt-2 border-t border-border pt-2">
      {comments === null ? (
        <Spinner label={T.loading} />
      ) : comments.length === 0 ? (
        <p className="py-1 text-xs text-muted-foreground">{T.noComments}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {comments.map((c) => (
            <li key={c.id} className="rounded-xl bg-muted/60 px-2 py-1.5">
              <div className="flex items-start gap-1">
                <div className="min-w-0 flex-1">
                  <Author user={c.author} at={c.createdAt} />
                  <p dir="auto" className="mt-1 text-sm break-words whitespace-pre-wrap">
                    {c.content}
                  </p>
                </div>
                {can(me, 'deleteWallContent', c.author, me.id === post.author.id) && (
                  <button
                    type="button"
                    aria-label={T.deleteComment}
                    title={T.deleteComment}
                    onClick={() =>
                      run(
                        deleteComment(c.id).then(() => {
                          setComments((list) => list?.filter((x) => x.id !== c.id) ?? list);
                          onCount(Math.max(0, post.commentCount - 1));
                        }),
                      )
                    }
                    className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-destructive"
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                  </button>
                )}
                {me.id !== c.author.id && (
                  <button
                    type="button"
                    aria-label={T.reportComment}
                    title={T.reportComment}
                    onClick={() => setReporting(c.id)}
                    className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-muted"
                  >
                    <Flag aria-hidden="true" className="h-4 w-4" />
                  </button>
                )}
              </div>
              {reporting === c.id && (
                <ReportForm
                  label={T.reportComment}
                  onSend={(reason) => reportComment(c.id, reason)}
                  onCancel={() => setReporting(null)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {mayWrite && (
        <form onSubmit={submit} className="mt-2 flex items-center gap-2">
          <label htmlFor={inputId} className="sr-only">
            {T.commentLabel}
          </label>
          <input
            id={inputId}
            dir="auto"
            value={text}
            maxLength={WALLS.commentMaxLength}
            onChange={(e) => setText(e.target.value)}
            placeholder={T.commentPlaceholder}
            className="min-h-11 min-w-0 flex-1 rounded-xl border border-border bg-background px-3 text-sm"
          />
          <button
            type="submit"
            disabled={sending || !text.trim()}
            className="min-h-11 rounded-xl bg-primary px-3 text-sm font-medium text-primary-foreground disabled:opacity-50"
          >
            {T.send}
          </button>
        </form>
      )}
    </div>
  );
}

function PostCard({
  post,
  onChange,
  onRemoved,
}: {
  post: WallPost;
  onChange: (change: Partial<WallPost>) => void;
  onRemoved: () => void;
}) {
  const session = useSession();
  const me = actorOf(session);
  const [open, setOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  const mayReact = can(me, 'postOnWall');
  const choose = (type: ReactionType) =>
    run(
      reactToPost(post.id, post.myReaction === type ? null : type).then((counts) =>
        onChange({ reactions: counts.reactions, myReaction: counts.myReaction, commentCount: counts.commentCount }),
      ),
    );
  const image = post.image;
  return (
    <article
      aria-labelledby={`wall-post-${post.id}`}
      data-post-id={post.id}
      className="rounded-2xl border border-border bg-card p-3"
    >
      <div className="flex items-start gap-1">
        <div id={`wall-post-${post.id}`} className="min-w-0 flex-1">
          <Author user={post.author} at={post.createdAt} />
        </div>
        {can(me, 'deleteWallContent', post.author) && (
          <button
            type="button"
            aria-label={T.deletePost}
            title={T.deletePost}
            onClick={() => {
              if (window.confirm(T.confirmDelete)) run(deletePost(post.id).then(onRemoved));
            }}
            className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-destructive"
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
          </button>
        )}
        {me.id !== post.author.id && (
          <button
            type="button"
            aria-label={T.reportPost}
            title={T.reportPost}
            onClick={() => setReporting((v) => !v)}
            className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-muted"
          >
            <Flag aria-hidden="true" className="h-4 w-4" />
          </button>
        )}
      </div>
      {reporting && (
        <ReportForm
          label={T.reportPost}
          onSend={(reason) => reportPost(post.id, reason)}
          onCancel={() => setReporting(false)}
        />
      )}
      {post.content && (
        <p dir="auto" className="mt-2 text-[15px] leading-6 break-words whitespace-pre-wrap">
          {post.content}
        </p>
      )}
      {image && (
        <div className="mt-2">
          <ChatImage
            message={{
              content: image.url,
              attachments: [
                {
                  type: 'image',
                  url: image.url,
                  thumbnailUrl: image.thumbnailUrl,
                  width: image.width,
                  height: image.height,
                },
              ],
            }}
            senderName={post.author.username}
          />
        </div>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-1">
        {REACTION_TYPES.map((type) => (
          <button
            key={type}
            type="button"
            data-reaction={type}
            aria-pressed={post.myReaction === type}
            aria-label={PEOPLE_TEXTS.reactionCount(PEOPLE_TEXTS.reactions[type], post.reactions[type])}
            disabled={!mayReact}
            onClick={() => choose(type)}
            className={`inline-flex min-h-11 items-center gap-1 rounded-full border px-3 text-sm tabular-nums disabled:cursor-default ${post.myReaction === type ? 'border-primary bg-primary/10 font-bold' : 'border-border bg-card'}`}
          >
            <ReactionIcon type={type} className="h-4 w-4" />
            <span>{post.reactions[type]}</span>
          </button>
        ))}
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen((v) => !v)}
          className="ms-auto inline-flex min-h-11 items-center gap-1 rounded-full px-3 text-sm text-muted-foreground hover:bg-muted"
        >
          <MessageSquare aria-hidden="true" className="h-4 w-4" />
          <span>{T.comments(post.commentCount)}</span>
          <span className="sr-only">{open ? T.hideComments : T.showComments}</span>
        </button>
      </div>
      {open && <Comments post={post} onCount={(commentCount) => onChange({ commentCount })} />}
    </article>
  );
}

function Composer({ wall, onPosted }: { wall: WallType; onPosted: (post: WallPost) => void }) {
  const session = useSession();
  const gender = session.user?.gender;
  const [text, setText] = useState('');
  const [image, setImage] = useState<UploadedImage | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const attach = (file: File | undefined) => {
    if (!file) return;
    setProgress(0);
    uploadImage(file, { onProgress: setProgress })
      .then(setImage)
      .catch(showError)
      .finally(() => setProgress(null));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const content = text.trim();
    if ((!content && !image) || sending) return;
    setSending(true);
    createPost({ content, type: wall, imageId: image?.id ?? null })
      .then(({ post }) => {
        onPosted(post);
        setText('');
        setImage(null);
      })
      .catch(showError)
      .finally(() => setSending(false));
  };
  const length = [...text].length;
  return (
    <form onSubmit={submit} aria-label={T.composer} className="rounded-2xl border border-border bg-card p-3">
      <label htmlFor={id} className="sr-only">
        {T.composer}
      </label>
      <textarea
        id={id}
        dir="auto"
        rows={2}
        value={text}
        maxLength={WALLS.postMaxLength}
        onChange={(e) => setText(e.target.value)}
        placeholder={T.placeholder(gender)}
        className="block w-full resize-none rounded-xl border border-border bg-background px-3 py-2 text-[15px] leading-6"
      />
      {image && (
        <div className="relative mt-2 w-fit">
          <img
            src={image.thumbnailUrl}
            alt=""
            width={Math.min(160, image.width)}
            className="max-h-40 rounded-xl border border-border object-cover"
          />
          <button
            type="button"
            aria-label={T.removeImage}
            onClick={() => setImage(null)}
            className="absolute -top-2 -end-2 inline-flex h-11 w-11 items-center justify-center rounded-full bg-card shadow"
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </button>
        </div>
      )}
      <div className="mt-2 flex items-center gap-2">
        <input
          ref={fileRef}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            attach(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <button
          type="button"
          aria-label={T.attach}
          title={T.attach}
          disabled={progress !== null || image !== null}
          onClick={() => fileRef.current?.click()}
          className="inline-flex h-11 w-11 items-center justify-center rounded-full text-muted-foreground hover:bg-muted disabled:opacity-50"
        >
          <ImagePlus aria-hidden="true" className="h-5 w-5" />
        </button>
        {progress !== null && <span className="text-xs text-muted-foreground">{T.uploading(progress)}</span>}
        <span className="ms-auto text-xs text-muted-foreground tabular-nums" aria-hidden="true">
          {T.left(length)}
        </span>
        <button
          type="submit"
          disabled={sending || progress !== null || (!text.trim() && !image)}
          className="min-h-11 rounded-xl bg-primary px-4 text-sm font-medium text-primary-foreground disabled:opacity-50"
        >
          {sending ? T.publishing : T.publish}
        </button>
      </div>
    </form>
  );
}

/** The walls tab: the public wall and the friends wall, a composer, posts that follow live. */
export default function WallsPanel() {
  const session = useSession();
  const me = actorOf(session);
  const myId = session.user?.id ?? null;
  const [wall, setWall] = useState<WallType>('public');
  const [walls, setWalls] = useState<Record<WallType, WallState | null>>({ public: null, friends: null });
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const tabsId = useId();
  const state = walls[wall];
  const update = useCallback(
    (type: WallType, change: (s: WallState) => WallState) =>
      setWalls((all) => ({ ...all, [type]: all[type] ? change(all[type]) : all[type] })),
    [],
  );
  const [attempt, setAttempt] = useState(0);
  const shown = walls[wall] !== null;
  // The first page of a wall when it is first shown (and again after a failure, on request).
  useEffect(() => {
    if (shown) return;
    let live = true;
    fetchWall(wall).then(
      (page) => live && setWalls((all) => ({ ...all, [wall]: page })),
      (error: unknown) => {
        if (!live) return;
        setFailed(true);
        showError(error);
      },
    );
    return () => {
      live = false;
    };
  }, [wall, shown, attempt]);
  const older = (before: number | undefined) => {
    setLoading(true);
    fetchWall(wall, before)
      .then((page) => setWalls((all) => ({ ...all, [wall]: withPage(all[wall] ?? emptyWall, page, true) })))
      .catch(showError)
      .finally(() => setLoading(false));
  };

  useLiveEvent('wallPostCreated', ({ post }) => update(post.type, (s) => withCreated(s, post.type, post)));
  useLiveEvent('wallPostUpdated', (e) => {
    for (const type of WALL_TYPES) update(type, (s) => withUpdated(s, e, myId));
  });
  useLiveEvent('wallPostDeleted', ({ postId }) => {
    for (const type of WALL_TYPES) update(type, (s) => withoutPost(s, postId));
  });
  // An account deleted: its posts leave the page at once (the server has deleted them).
  useLiveEvent('userDeleted', ({ userId }) => {
    for (const type of WALL_TYPES)
      update(type, (s) => ({ ...s, posts: s.posts.filter((p) => p.author.id !== userId) }));
  });
  // Someone ignored from this page: their posts on screen go too (the server leaves them out of pages).
  const ignored = useIgnoredIds();
  const posts = state?.posts.filter((p) => !ignored.has(p.author.id)) ?? [];

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div role="tablist" aria-label={T.walls} className="mx-2 mt-1 grid grid-cols-2 gap-1 rounded-xl bg-muted p-1">
        {WALL_TYPES.map((type) => (
          <button
            key={type}
            type="button"
            role="tab"
            id={`${tabsId}-${type}`}
            aria-selected={wall === type}
            aria-controls={`${tabsId}-panel`}
            tabIndex={wall === type ? 0 : -1}
            onClick={() => setWall(type)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
                e.preventDefault();
                const next = type === 'public' ? 'friends' : 'public';
                setWall(next);
                document.getElementById(`${tabsId}-${next}`)?.focus();
              }
            }}
            className="min-h-10 rounded-lg px-2 text-sm font-medium text-muted-foreground aria-selected:bg-card aria-selected:text-foreground aria-selected:shadow-sm"
          >
            {T[type]}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${tabsId}-panel`}
        aria-labelledby={`${tabsId}-${wall}`}
        className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-2"
      >
        {can(me, 'postOnWall') ? (
          <Composer
            key={wall}
            wall={wall}
            onPosted={(post) => update(post.type, (s) => withCreated(s, post.type, post))}
          />
        ) : (
          <p className="rounded-xl bg-muted px-3 py-2 text-sm">{T.visitorsRead}</p>
        )}
        {state === null ? (
          failed ? (
            <button
              type="button"
              onClick={() => {
                setFailed(false);
                setAttempt((n) => n + 1);
              }}
              className="min-h-11 rounded-xl bg-muted px-3 text-sm"
            >
              {T.failed} — {T.retry}
            </button>
          ) : (
            <Spinner label={T.loading} />
          )
        ) : posts.length === 0 ? (
          <p className="px-2 py-6 text-center text-sm text-muted-foreground">{T.empty[wall]}</p>
        ) : (
          <>
            {posts.map((post) => (
              <PostCard
                key={post.id}
                post={post}
                onChange={(change) => update(post.type, (s) => withPost(s, post.id, change))}
                onRemoved={() => update(post.type, (s) => withoutPost(s, post.id))}
              />
            ))}
            {state.hasMore && (
              <button
                type="button"
                disabled={loading}
                onClick={() => older(state.posts.at(-1)?.id)}
                className="min-h-11 rounded-xl bg-muted px-3 text-sm font-medium disabled:opacity-50"
              >
                {T.more}
              </button>
            )}
          </>
        )}
      </div>
    </div>
  );
}
