import { useMemo, useState } from 'react';
import { ImageOff } from 'lucide-react';
import type { EmailDetail } from '@common/email';
import { Button } from '../../components/button';

/** Where the server keeps a remote image's address until the user allows remote images (sanitize-email-html.ts). */
const BLOCKED_SOURCE = 'data-blocked-src';

/** The sanitized HTML with its remote images given back their addresses; parsed inertly, nothing loads here. */
function withImagesShown(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const image of doc.querySelectorAll(`img[${BLOCKED_SOURCE}]`)) {
    image.setAttribute('src', image.getAttribute(BLOCKED_SOURCE) ?? '');
    image.removeAttribute(BLOCKED_SOURCE);
  }
  return doc.body.innerHTML;
}

/**
 * The frame's document. Its own policy forbids script and, until the user allows them, any remote load (images,
 * CSS backgrounds): a second fence behind the server's sanitizer. A srcdoc frame also keeps the app's policy.
 */
function frameDocument(html: string, imagesShown: boolean): string {
  const images = imagesShown ? 'data: https: http:' : 'data:';
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src ${images}">`,
    '<style>body{margin:0;font:14px/1.5 system-ui,sans-serif;color:#0f172a;overflow-wrap:anywhere}',
    'img{max-width:100%;height:auto}table{max-width:100%}</style>',
    `</head><body>${imagesShown ? withImagesShown(html) : html}</body></html>`,
  ].join('');
}

/**
 * The message's text, or its sanitized HTML in a frame that runs nothing and shares nothing with the app
 * (`sandbox=""`: no scripts, an opaque origin, no forms, no popups). Remote images stay blocked until the
 * user shows them, for this message only (the pane is keyed by message).
 */
export function MessageBody({ message }: { message: EmailDetail }) {
  const [imagesShown, setImagesShown] = useState(false);
  const html = message.html;
  const srcDoc = useMemo(() => (html === null ? null : frameDocument(html, imagesShown)), [html, imagesShown]);

  if (srcDoc === null) {
    return (
      <div className="mt-4 text-sm leading-relaxed whitespace-pre-line wrap-anywhere text-slate-800 dark:text-slate-200">
        {message.text}
      </div>
    );
  }
  return (
    <div className="mt-4 space-y-3">
      {message.hasRemoteImages && !imagesShown && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
          <span className="flex items-center gap-2">
            <ImageOff aria-hidden="true" className="size-4 shrink-0" />
            Remote images are hidden to protect your privacy.
          </span>
          <Button variant="secondary" size="sm" onClick={() => setImagesShown(true)}>
            Show images
          </Button>
        </div>
      )}
      <iframe
        title="Message content"
        sandbox=""
        srcDoc={srcDoc}
        className="h-[28rem] w-full rounded-lg border border-slate-200 bg-white dark:border-slate-700"
      />
    </div>
  );
}
