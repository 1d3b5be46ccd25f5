import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, type ReactNode } from 'react';
import { ApiText, apiLine } from '../../components/api-text';
import { Button } from '../../components/button';
import { CopyButton } from '../../components/copy-button';
import { lazyComponent } from '../../components/lazy-component';
import { rememberedModule } from '../../components/lazy-module';
import { QueryAlert } from '../../components/query-alert';
import { hasHiddenMarks, showHiddenMarks } from '../../lib/display-text';
import { formatDateTime } from '../../lib/time';
import { useTimeZone } from '../../lib/time-zone';
import { userDetailQueryOptions, type UserDetail } from '../../features/users/api/users-api';
import { blockedImageOrigin, UserAvatar } from '../../features/users/user-avatar';
import { userPath } from '../../features/users/user-path';
import { CardHeading, CardStatus, ConsoleLink } from './card-parts';

/** Other fields and Copy for ticket, as the user page has them, loaded beside the lookup. */
const extras = rememberedModule(() => import('../../features/users/user-extras'));
const OtherFields = lazyComponent(extras, (module) => module.OtherFields);
const UserTicketButton = lazyComponent(extras, (module) => module.UserTicketButton);

/**
 * One person, compact for a side panel 320–400 px wide: the avatar and name, the id, then the
 * e-mail, location and sign-up time (in the console's time zone, named), the fields the console
 * does not read, and what support does next: Copy for ticket, Copy ID, Open in console (a new
 * tab: the panel stays with the ticket). `onShown` hears the person once they are on screen.
 */
export function PersonCard({
  id,
  imageSources,
  onShown,
  back,
}: {
  id: string;
  imageSources: readonly string[];
  onShown: (user: UserDetail) => void;
  /** A way back to the list this person was chosen from. */
  back?: ReactNode;
}) {
  const query = useQuery(userDetailQueryOptions(id));
  const user = query.data?.data;
  useEffect(() => {
    extras.load().catch(() => undefined);
  }, []);
  useEffect(() => {
    // The help desk hears whom the card shows (host-link.ts), once per person shown.
    if (user) onShown(user);
  }, [user, onShown]);

  if (!query.data) {
    const missing = query.error?.status === 404;
    return (
      <div className="space-y-3">
        {back}
        <CardHeading>{missing ? 'No user found' : 'Person card'}</CardHeading>
        <CardStatus>
          {missing
            ? `No user with ID “${apiLine(id, 100)}” · 1 request`
            : query.isPending
              ? 'Looking up the user…'
              : 'The user could not be loaded.'}
        </CardStatus>
        <QueryAlert query={query} what={`user ${apiLine(id, 100)}`} />
      </div>
    );
  }

  const lookup = query.data;
  const person = lookup.data;
  const avatarUrl = person.profile.avatar_url;
  const blocked = blockedImageOrigin(avatarUrl, imageSources);
  return (
    <article className="space-y-3">
      {back}
      <div className="flex items-start gap-3">
        <UserAvatar
          key={avatarUrl}
          name={person.name}
          url={avatarUrl}
          imageSources={imageSources}
        />
        <div className="min-w-0 space-y-1">
          <CardHeading>{apiLine(person.name, 300)}</CardHeading>
          <p className="font-mono text-xs break-all text-slate-700 dark:text-slate-300">
            {apiLine(person.id, 200)}
          </p>
        </div>
      </div>
      {blocked && (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          The avatar is not shown: it is at {apiLine(blocked, 200)}, which this console’s settings
          do not allow images from.
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Suspense
          fallback={
            <Button disabled className="px-2 py-0.5 text-xs">
              Copy for ticket
            </Button>
          }
        >
          <UserTicketButton lookup={lookup} />
        </Suspense>
        <CopyButton text={person.id} label="Copy ID" />
        <ConsoleLink href={userPath(person.id)}>Open in console</ConsoleLink>
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1.5">
        <dt className="font-medium text-slate-600 dark:text-slate-300">Email</dt>
        <dd className="min-w-0 wrap-break-word">
          <ApiText
            text={hasHiddenMarks(person.email) ? showHiddenMarks(person.email) : person.email}
          />
        </dd>
        <dt className="font-medium text-slate-600 dark:text-slate-300">Location</dt>
        <dd className="min-w-0 wrap-break-word">
          {person.profile.location ? (
            <ApiText text={person.profile.location} />
          ) : (
            <span className="text-slate-600 italic dark:text-slate-400">Not given</span>
          )}
        </dd>
        <dt className="font-medium text-slate-600 dark:text-slate-300">Created</dt>
        <dd className="min-w-0">
          <Created value={person.created_at} />
        </dd>
      </dl>
      <Suspense fallback={null}>
        <OtherFields body={lookup.raw} />
      </Suspense>
    </article>
  );
}

/**
 * The sign-up time in the console's zone, named, with the instant in UTC in the markup: as the
 * tables' DateTimeText shows it. Not that one: importing the table cells' module split the pages'
 * shared chunks anew (0.2 KB more on /users and /users/{id}).
 */
function Created({ value }: { value: string }) {
  const zone = useTimeZone();
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return <span>{apiLine(value, 100)}</span>;
  const utc = new Date(ms).toISOString();
  return (
    <time dateTime={utc} title={`${utc} (UTC)`}>
      {formatDateTime(ms, zone)}
    </time>
  );
}
