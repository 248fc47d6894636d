import { webhookMessages } from '@common/webhooks';
import { webhookScreenMessages } from '@common/webhooks-screen-messages';
import { Card } from '../../components/card';
import { PageTitle } from '../../components/page-title';

/** A Member's screen, as the team screen shows it: the page, and why there is nothing on it for them. */
export function AdminOnly() {
  return (
    <div className="max-w-3xl">
      <PageTitle title={webhookScreenMessages.title} description={webhookScreenMessages.description} />
      <Card>
        <p role="alert" className="px-5 py-8 text-center text-sm text-slate-700 dark:text-slate-300">
          {webhookMessages.adminOnly}
        </p>
      </Card>
    </div>
  );
}
