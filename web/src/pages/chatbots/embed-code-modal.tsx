import { ExternalLink } from 'lucide-react';
import { chatbotMessages } from '@common/chatbots';
import { Button } from '../../components/button';
import { CopyField } from '../../components/copy-field';
import { CopyCodeButton, SnippetCode, useCopySnippet } from '../../components/embed-snippet';
import { Modal } from '../../components/modal';
import { chatbotEmbedCode, chatbotPageUrl } from './api';

interface EmbedCodeModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The bot whose code is shown; kept while the modal closes, so its text does not change. */
  chatbot: { id: string; name: string; isActive: boolean } | null;
}

/** 'Get Embed Code': the widget's snippet with 'Copy Code', and the link to the bot's own chat page. */
export function EmbedCodeModal({ open, onOpenChange, chatbot }: EmbedCodeModalProps) {
  const origin = window.location.origin;
  const code = chatbot ? chatbotEmbedCode(origin, chatbot.id) : '';
  const link = chatbot ? chatbotPageUrl(origin, chatbot.id) : '';
  const { ref, copy } = useCopySnippet(code, chatbotMessages.embedCopied);

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={chatbotMessages.getEmbedCode}
      description={chatbot ? `Put ${chatbot.name} on your website, or share its chat page.` : undefined}
      size="lg"
      footer={
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Close
        </Button>
      }
    >
      <div className="space-y-5">
        {chatbot && !chatbot.isActive && (
          <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200">
            This chatbot is inactive: visitors see that the chat is not available until you publish it and turn it on.
          </p>
        )}
        <section className="space-y-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Paste this snippet into your website, before the closing body tag.
            </p>
            <CopyCodeButton onCopy={() => void copy()} />
          </div>
          <SnippetCode code={code} codeRef={ref} />
        </section>
        <CopyField
          label="Chat page link"
          value={link}
          copiedMessage="Link copied to clipboard"
          copyLabel="Copy chat page link"
          extra={
            <a
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex h-10 items-center gap-2 rounded-lg px-3 text-sm font-medium text-indigo-700 hover:bg-indigo-50 dark:text-indigo-300 dark:hover:bg-indigo-500/10"
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              Open
              <span className="sr-only"> the chat page in a new tab</span>
            </a>
          }
        />
      </div>
    </Modal>
  );
}
