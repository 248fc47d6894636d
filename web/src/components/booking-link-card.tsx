import type { ReactNode } from 'react';
import { ExternalLink } from 'lucide-react';
import { schedulingMessages } from '@common/scheduling';
import { useAuthStore } from '../lib/auth-store';
import { bookingPath, bookingUrl } from '../lib/booking-link';
import { buttonClasses } from './button';
import { Card, CardBody, CardHeader, CardTitle } from './card';
import { CopyField } from './copy-field';

/** The user's public booking page, to copy and share or to open (scheduling settings and the availability tab). */
export function BookingLinkCard({ children }: { children?: ReactNode }) {
  const userId = useAuthStore((state) => state.user?.id);
  if (!userId) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Booking Link</CardTitle>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Share this link so clients can book a time with you. It offers the free times of your weekly availability.
        </p>
      </CardHeader>
      <CardBody className="space-y-3">
        <CopyField
          label="Your booking page"
          value={bookingUrl(userId)}
          copyLabel="Copy booking link"
          copiedMessage={schedulingMessages.bookingLinkCopied}
          extra={
            <a
              href={bookingPath(userId)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses('secondary')}
              aria-label="Open booking page (opens in a new tab)"
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              Open
            </a>
          }
        />
        {children}
      </CardBody>
    </Card>
  );
}
