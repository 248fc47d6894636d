import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { caldavMessages, type CaldavConnection } from '@common/calendar-caldav';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/card';
import { ConfirmModal } from '../../components/confirm-modal';
import { FormAlert } from '../../components/field';
import { Spinner } from '../../components/spinner';
import { caldavQuery, useDisconnectCaldav } from './caldav-api';
import { CaldavForm } from './caldav-form';
import { formatDateTime } from './dates';

const m = caldavMessages;

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[12rem_1fr]">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{term}</dt>
      <dd className="min-w-0 text-sm break-words text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

/** A connected account: where it is, how it is doing, and Reconnect, Edit, Disconnect. */
function ConnectionSummary({ connection, onEdit }: { connection: CaldavConnection; onEdit: () => void }) {
  const disconnect = useDisconnectCaldav();
  const [confirming, setConfirming] = useState(false);
  const failing = connection.status === 'error';
  const options = [
    connection.publishTasks ? m.publishTasks : null,
    connection.publishActivities ? m.publishActivities : null,
    connection.showTitles ? m.showTitles : null,
  ].filter(Boolean);
  return (
    <div className="space-y-4">
      <dl className="space-y-3">
        <Row term={m.server}>
          {connection.serverUrl} · {connection.username}
        </Row>
        <Row term={m.status}>
          <Badge variant={failing ? 'danger' : 'success'}>{m.statusLabels[connection.status]}</Badge>
        </Row>
        <Row term={m.publishTo}>{connection.publishCalendar.name}</Row>
        <Row term={m.readFrom}>{connection.readCalendars.map((c) => c.name).join(', ') || '—'}</Row>
        <Row term={m.options}>{[m.bookingsAlways, ...options].join(' · ')}</Row>
      </dl>
      {failing && connection.lastError && (
        <FormAlert
          message={`${m.lastError}: ${connection.lastError}${connection.lastErrorAt ? ` (${formatDateTime(new Date(connection.lastErrorAt))})` : ''}`}
        />
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {m.disconnect}
        </Button>
        <Button variant={failing ? 'primary' : 'secondary'} onClick={onEdit}>
          {failing ? m.reconnect : m.edit}
        </Button>
      </div>
      <ConfirmModal
        open={confirming}
        onOpenChange={setConfirming}
        title={m.disconnect}
        message={m.disconnectConfirm}
        detail={m.disconnectDetail}
        confirmLabel={m.disconnect}
        pending={disconnect.isPending}
        onConfirm={() => disconnect.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </div>
  );
}

/** Calendar Integration's "CalDAV calendar" (issue 31): connect, choose calendars, see the state, disconnect. */
export function CaldavCard() {
  const query = useQuery(caldavQuery());
  const [editing, setEditing] = useState(false);
  const connection = query.data?.connection ?? null;
  let body;
  if (query.isPending) body = <Spinner label={m.title} className="size-6 text-indigo-500" />;
  else if (query.isError) body = <FormAlert message={m.loadFailed} />;
  else if (connection && !editing) body = <ConnectionSummary connection={connection} onEdit={() => setEditing(true)} />;
  else body = <CaldavForm key={String(editing)} connection={connection} onDone={() => setEditing(false)} />;
  return (
    <Card>
      <CardHeader>
        <CardTitle id="caldav-heading">{m.title}</CardTitle>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{m.intro}</p>
      </CardHeader>
      <CardBody>{body}</CardBody>
    </Card>
  );
}
