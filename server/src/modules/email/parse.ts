import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { MAX_ATTACHMENT_BYTES, MAX_MESSAGE_BYTES } from '@common/email';
import { mailConnectionMessages } from '@common/mail-connection';
import { MailConnectionError } from './mail-errors';
import { sanitizeEmailHtml } from './sanitize-email-html';

export interface ParsedAddress {
  name: string;
  address: string;
}

export interface ParsedAttachment {
  /** Without any folder part or control characters; "attachment" when the message names none. */
  filename: string;
  /** The type the message claims: shown, never trusted (downloads are served as attachments). */
  declaredType: string;
  size: number;
  content: Buffer;
}

export interface ParsedEmail {
  messageId: string | null;
  subject: string;
  /** The first From address; empty name and address when the message has none. */
  from: ParsedAddress;
  to: ParsedAddress[];
  cc: ParsedAddress[];
  date: Date | null;
  text: string;
  /** Sanitized (sanitize-email-html); null when the message has no HTML part. */
  html: string | null;
  hasRemoteImages: boolean;
  attachments: ParsedAttachment[];
  /** Attachments over MAX_ATTACHMENT_BYTES, named so the reader knows something is missing. */
  omittedAttachments: Omit<ParsedAttachment, 'content'>[];
}

function addresses(field: AddressObject | AddressObject[] | undefined): ParsedAddress[] {
  const groups = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return groups
    .flatMap((group) =>
      group.value.flatMap((entry) => [entry, ...(entry.group ?? [])]).filter((entry) => entry.address),
    )
    .map((entry) => ({ name: entry.name ?? '', address: entry.address ?? '' }));
}

function safeFilename(name: string | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const visible = base.replace(/[\u0000-\u001f\u007f]/g, '');
  const clean = visible.trim().slice(0, 200);
  return clean && clean !== '.' && clean !== '..' ? clean : 'attachment';
}

/** The Date header; null when missing or unreadable (mailparser answers the time of parsing for those). */
function sentDate(parsed: ParsedMail, parsingSince: number): Date | null {
  const date = parsed.date;
  if (!date || Number.isNaN(date.getTime())) return null;
  const header = parsed.headerLines.find(({ key }) => key === 'date')?.line.replace(/^date:\s*/i, '') ?? '';
  return date.getTime() >= parsingSince && Number.isNaN(Date.parse(header)) ? null : date;
}

/** Parses a raw message (RFC 5322, MIME) into what the app stores: headers, text, sanitized HTML, attachments. */
export async function parseEmail(raw: Buffer): Promise<ParsedEmail> {
  if (raw.length > MAX_MESSAGE_BYTES) throw new MailConnectionError('tooLarge', mailConnectionMessages.tooLarge);
  // cid: images stay links (dropped by the sanitizer) rather than becoming data: URLs.
  const parsingSince = Date.now();
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
  const sanitized = typeof parsed.html === 'string' ? sanitizeEmailHtml(parsed.html) : null;
  const attachments: ParsedAttachment[] = [];
  const omittedAttachments: ParsedEmail['omittedAttachments'] = [];
  for (const attachment of parsed.attachments) {
    const described = {
      filename: safeFilename(attachment.filename),
      declaredType: attachment.contentType || 'application/octet-stream',
      size: attachment.content.length,
    };
    if (described.size > MAX_ATTACHMENT_BYTES) omittedAttachments.push(described);
    else attachments.push({ ...described, content: attachment.content });
  }
  const [from] = addresses(parsed.from);
  return {
    messageId: parsed.messageId ?? null,
    subject: parsed.subject ?? '',
    from: from ?? { name: '', address: '' },
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    date: sentDate(parsed, parsingSince),
    text: parsed.text ?? '',
    html: sanitized?.html ?? null,
    hasRemoteImages: sanitized?.hasRemoteImages ?? false,
    attachments,
    omittedAttachments,
  };
}
