import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../components/link';
import { ApiText } from '../../components/api-text';
import { apiLine, hasHiddenMarks, showBidiControls, showHiddenMarks } from '../../lib/display-text';
import { DateTimeText } from '../../components/data-table/cells';
import { CopyButton } from '../../components/copy-button';
import { CopyIdButton } from '../../components/data-table/copy-id-button';
import { Button } from '../../components/button';
import { QueryAlert } from '../../components/query-alert';
import { useDocumentTitle } from '../../components/use-document-title';
import { RawJson } from '../../components/raw-json';
import { RefreshStatus } from '../../components/refresh-status';
import { ViewSwitch } from '../../components/view-switch';
import { formatJson } from '../../lib/json-text';
import { lazyComponent } from '../../components/lazy-component';
import { rememberedModule } from '../../components/lazy-module';
import { userDetailQueryOptions, type UserDetail, type UserLookup } from './api/users-api';
import { usersListHref } from './last-users-search';
import { readRecentLookups } from './recent-lookups';
import { blockedImageOrigin, UserAvatar } from './user-avatar';
import { focusUserLookup } from './user-lookup';
import { userPath } from './user-path';

/**
 * Other fields and Copy for ticket (user-extras.tsx) are not on the first render: they load while
 * the lookup is asked, and are there by the time it answers.
 */
const extras = rememberedModule(() => import('./user-extras'));
const OtherFields = lazyComponent(extras, (module) => module.OtherFields);
const UserTicketButton = lazyComponent(extras, (module) => module.UserTicketButton);

/** One user with profile. Everything from the API is rendered as text, never as markup. */
export function UserPage({ id, imageSources }: { id: string; imageSources: readonly string[] }) {
  const query = useQuery(userDetailQueryOptions(id));
  useEffect(() => {
    extras.load().catch(() => undefined);
  }, []);
  const location = useLocation();
  useDocumentTitle(
    query.data
      ? apiLine(query.data.data.name, 100)
      : query.error?.status === 404
        ? 'User not found'
        : apiLine(id, 100),
    'Users',
  );

  return (
    // One width for the profile and its alerts.
    <div className="max-w-3xl space-y-5">
      <Link
        to={usersListHref(location.state)}
        className="inline-flex items-center gap-1 text-sm text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
      >
        <span aria-hidden="true">←</span> Back to users
      </Link>
      {query.data ? (
        <UserProfile
          lookup={query.data}
          imageSources={imageSources}
          // Its own line on a phone and right-aligned: "Updated 1 second ago" growing from "just
          // now" neither wraps the row nor moves the button (or the profile below).
          refresh={<RefreshStatus query={query} className="w-full justify-end sm:w-auto" />}
        />
      ) : query.isPending ? (
        <ProfileSkeleton />
      ) : (
        <h1 className="text-xl font-semibold break-all">
          {query.error?.status === 404 ? 'User not found' : `User ${apiLine(id, 200)}`}
        </h1>
      )}
      <QueryAlert query={query} what={`user ${id}`}>
        {query.error?.status === 404 && (
          <Button onClick={focusUserLookup}>Look up another user</Button>
        )}
      </QueryAlert>
      {query.error?.status === 404 && <NotFoundHelp id={id} />}
    </div>
  );
}

/** A mistyped id lands here: point to the lookup box, and offer the ids looked up before. */
function NotFoundHelp({ id }: { id: string }) {
  const [recent] = useState(() => readRecentLookups().filter((other) => other !== id));
  const headingId = useId();
  return (
    <div className="space-y-3 text-sm">
      <p>Check the ID for typos. Use the Find box above to look up another user.</p>
      {recent.length > 0 && (
        <section aria-labelledby={headingId} className="space-y-1">
          <h2 id={headingId} className="font-medium">
            Recent lookups
          </h2>
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {recent.map((other) => (
              <li key={other}>
                <Link
                  to={userPath(other)}
                  className="font-mono text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
                >
                  {other}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

const VIEWS = [
  { value: 'profile', label: 'Profile' },
  { value: 'raw', label: 'Raw JSON' },
] as const;

function UserProfile({
  lookup,
  imageSources,
  refresh,
}: {
  lookup: UserLookup;
  imageSources: readonly string[];
  refresh: ReactNode;
}) {
  const user = lookup.data;
  const [view, setView] = useState<'profile' | 'raw'>('profile');
  const avatarUrl = user.profile.avatar_url;
  const blockedOrigin = blockedImageOrigin(avatarUrl, imageSources);
  return (
    <article className="space-y-6">
      <div className="flex items-start gap-4">
        <UserAvatar key={avatarUrl} name={user.name} url={avatarUrl} imageSources={imageSources} />
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-semibold wrap-break-word">{apiLine(user.name, MAX_NAME)}</h1>
          <p className="flex flex-wrap items-center gap-1 text-sm text-slate-700 dark:text-slate-300">
            <code className="font-mono break-all">{apiLine(user.id, 200)}</code>
            <CopyIdButton id={user.id} />
            {/* The same button, disabled, until its code is here: nothing moves when it arrives. */}
            <Suspense
              fallback={
                <Button disabled className="px-2 py-0.5 text-xs">
                  Copy for ticket
                </Button>
              }
            >
              <UserTicketButton lookup={lookup} />
            </Suspense>
          </p>
          {blockedOrigin && (
            <p className="text-xs text-slate-600 dark:text-slate-400">
              The avatar is not shown: it is at {apiLine(blockedOrigin, 200)}, and this console
              loads images only from the addresses its settings allow (imageOrigins in config.json).
            </p>
          )}
        </div>
      </div>
      <div className="flex max-w-3xl flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <ViewSwitch value={view} options={VIEWS} onChange={setView} />
        {refresh}
      </div>
      {view === 'profile' ? (
        <ProfileDetails user={user} body={lookup.raw} />
      ) : (
        <UserResponse body={lookup.raw} />
      )}
    </article>
  );
}

/**
 * The lookup's answer as JSON, for support to hand on: the body as the API sent it, every field
 * included, those the console does not know too (a `status: "suspended"` must not go unseen).
 */
function UserResponse({ body }: { body: unknown }) {
  const raw = useMemo(() => formatJson(body), [body]);
  return (
    <div className="max-w-3xl space-y-2">
      <CopyButton text={raw.text} label="Copy JSON" />
      <RawJson json={raw} label="User response" />
    </div>
  );
}

function ProfileDetails({ user, body }: { user: UserDetail; body: unknown }) {
  const bioId = useId();
  const { bio, location } = user.profile;
  return (
    <div className="space-y-6">
      <dl className="grid max-w-3xl gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-slate-600 dark:text-slate-300">Email</dt>
        <dd className="min-w-0 wrap-break-word">
          <EmailLink email={user.email} />{' '}
          <CopyButton text={showBidiControls(user.email)} label="Copy email" />
        </dd>
        <dt className="font-medium text-slate-600 dark:text-slate-300">Location</dt>
        <dd className="min-w-0 wrap-break-word">
          {location ? <ApiText text={location} /> : <NotGiven />}
        </dd>
        <dt className="font-medium text-slate-600 dark:text-slate-300">Created</dt>
        <dd>
          <DateTimeText value={user.created_at} />
        </dd>
      </dl>
      <section aria-labelledby={bioId} className="max-w-3xl space-y-1">
        <h2 id={bioId} className="text-sm font-medium text-slate-600 dark:text-slate-300">
          Bio
        </h2>
        {/* pre-line keeps the author's line breaks; the text itself is never parsed as HTML. */}
        <p className="text-sm whitespace-pre-line wrap-break-word">
          {bio ? <ApiText text={bio} max={MAX_BIO} /> : <NotGiven />}
        </p>
      </section>
      <Suspense fallback={null}>
        <OtherFields body={body} />
      </Suspense>
    </div>
  );
}

// No `?`, `#`, `&` or `%`: in a mailto: link they would add headers (cc, body) to the message.
const PLAIN_EMAIL = /^[^\s@?#&%<>"'\\/]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

/** A name longer than this is not a name; the heading shows this much of it. */
const MAX_NAME = 500;
const MAX_BIO = 10_000;

function EmailLink({ email }: { email: string }) {
  // A character that draws nothing (a bidi control, a joiner, a soft hyphen, a tag) is shown
  // marked, never as a link that would carry it: it would read one address and mail another.
  if (!PLAIN_EMAIL.test(email) || hasHiddenMarks(email)) {
    return <ApiText text={showHiddenMarks(email)} />;
  }
  return (
    <a
      href={`mailto:${email}`}
      className="text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
    >
      {email}
    </a>
  );
}

function NotGiven() {
  return <span className="text-slate-600 italic dark:text-slate-400">Not given</span>;
}

function ProfileSkeleton() {
  return (
    <div aria-busy="true" className="flex items-start gap-4">
      <span className="size-20 shrink-0 animate-pulse rounded-full bg-slate-200 dark:bg-slate-700" />
      <div className="flex-1 space-y-2 pt-2">
        <p className="text-sm text-slate-600 dark:text-slate-300">Loading user…</p>
        <span className="block h-6 w-64 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
      </div>
    </div>
  );
}
