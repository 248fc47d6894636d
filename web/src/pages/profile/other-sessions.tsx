import { Button } from '../../components/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/card';
import { useSignOutOtherSessions } from './api';

/** 'Sessions' on the profile tab: ends the account's sessions in other browsers and devices, keeps this one. */
export function OtherSessions() {
  const signOutOthers = useSignOutOtherSessions();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
      </CardHeader>
      <CardBody className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Signed in on another browser or device you no longer use? End those sessions; this one stays signed in.
        </p>
        <Button
          variant="secondary"
          onClick={() => signOutOthers.mutate()}
          loading={signOutOthers.isPending}
          className="sm:shrink-0"
        >
          Sign out of all other sessions
        </Button>
      </CardBody>
    </Card>
  );
}
