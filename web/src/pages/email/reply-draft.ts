import type { ComposeDraft, EmailAddress, EmailDetail } from '@common/email';

export const replyModes = ['reply', 'replyAll', 'forward'] as const;
export type ReplyMode = (typeof replyModes)[number];

export const isReplyMode = (value: string | null): value is ReplyMode =>
  (replyModes as readonly string[]).includes(value ?? '');

/** "Re: Hello", without piling up "Re: Re:"; the same for "Fwd:". */
function prefixed(prefix: 'Re' | 'Fwd', subject: string): string {
  const trimmed = subject.trim();
  const already = prefix === 'Re' ? /^re:/i : /^(fwd?|fw):/i;
  return already.test(trimmed) ? trimmed : `${prefix}: ${trimmed}`;
}

const named = ({ name, address }: EmailAddress) => (name && name !== address ? `${name} <${address}>` : address);

/** The original under the reply, each line behind "> ". */
function quoted(message: EmailDetail, when: string): string {
  const lines = message.text.replace(/\r\n/g, '\n').split('\n');
  const header = `On ${when}, ${named({ name: message.sender, address: message.senderEmail })} wrote:`;
  return `\n\n${header}\n${lines.map((line) => (line ? `> ${line}` : '>')).join('\n')}`;
}

function forwarded(message: EmailDetail, when: string): string {
  const header = [
    '---------- Forwarded message ---------',
    `From: ${named({ name: message.sender, address: message.senderEmail })}`,
    `Date: ${when}`,
    `Subject: ${message.subject}`,
    `To: ${message.to.map(named).join(', ')}`,
    ...(message.cc.length ? [`Cc: ${message.cc.map(named).join(', ')}`] : []),
  ];
  return `\n\n${header.join('\n')}\n\n${message.text}`;
}

/**
 * The compose form filled in to answer or pass on a message. To holds one address (the form's rule): a reply goes to
 * the sender; reply all copies the other recipients in Cc, leaving out the user's own addresses and repeats.
 * `when` is the original's time as the reading pane shows it.
 */
export function replyDraft(mode: ReplyMode, message: EmailDetail, ownAddresses: string[], when: string): ComposeDraft {
  if (mode === 'forward') {
    return { to: '', cc: '', bcc: '', subject: prefixed('Fwd', message.subject), content: forwarded(message, when) };
  }
  // A reply to one's own sent message goes to its first recipient.
  const own = new Set(ownAddresses.map((address) => address.toLowerCase()));
  const outgoing = message.direction === 'out' || own.has(message.senderEmail.toLowerCase());
  const to = outgoing ? (message.to[0]?.address ?? '') : message.senderEmail;
  let cc = '';
  if (mode === 'replyAll') {
    const seen = new Set([...own, to.toLowerCase()]);
    const others: string[] = [];
    for (const { address } of [...message.to, ...message.cc]) {
      const key = address.toLowerCase();
      if (!address || seen.has(key)) continue;
      seen.add(key);
      others.push(address);
    }
    cc = others.join(', ');
  }
  return { to, cc, bcc: '', subject: prefixed('Re', message.subject), content: quoted(message, when) };
}
