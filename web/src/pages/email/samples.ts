import type { EmailItem } from '@common/email';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/**
 * The two hard-coded messages of the email screens (part 1 §2, decisions.md item 18): no server call is made.
 * Their times are relative to the page load, so the list always reads "… hours ago".
 */
export const sampleEmails: EmailItem[] = [
  {
    id: 'sample-1',
    folder: 'inbox',
    subject: 'Updated proposal for the Q3 campaign',
    sender: 'Sarah Johnson',
    senderEmail: 'sarah.johnson@example.com',
    preview: 'Hi, I have attached the updated proposal with the revised timeline and budget…',
    body: [
      'Hi,',
      'I have attached the updated proposal with the revised timeline and budget we discussed on Monday. ' +
        'The main changes are in sections 3 and 4.',
      'Let me know if you have any questions before Friday.',
      'Best regards,\nSarah',
    ].join('\n\n'),
    timestamp: hoursAgo(2),
    isRead: false,
    isStarred: false,
    attachments: [{ name: 'Q3-campaign-proposal.pdf', size: 245_760 }],
  },
  {
    id: 'sample-2',
    folder: 'inbox',
    subject: 'Follow-up on our meeting',
    sender: 'Michael Chen',
    senderEmail: 'michael.chen@example.com',
    preview: 'Thanks for taking the time to meet yesterday. Here are the next steps we agreed on…',
    body: [
      'Hello,',
      'Thanks for taking the time to meet yesterday. Here are the next steps we agreed on:',
      '1. Share the onboarding checklist\n2. Schedule a demo for the sales team\n3. Review pricing options',
      'Talk soon,\nMichael',
    ].join('\n\n'),
    timestamp: hoursAgo(26),
    isRead: true,
    isStarred: true,
    attachments: [],
  },
];
