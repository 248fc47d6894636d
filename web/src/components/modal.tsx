import { useRef, type ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '../lib/cn';

const widths = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  size?: keyof typeof widths;
  children: ReactNode;
  /** Buttons shown at the bottom right. */
  footer?: ReactNode;
  /**
   * One height, most of the window's, whatever the content (a dialog of tabs does not jump when they switch). From
   * 640 px the body is a flex column the content fills, giving its parts their own scroll; below, the body scrolls.
   */
  fixedHeight?: boolean;
}

/**
 * The one dialog of the app. Radix gives what the spec asks of every modal:
 * Escape and backdrop click close it, body scroll is locked, focus is trapped. Radix gives focus back only to a
 * Dialog.Trigger, and our modals open from state: the element focused at opening gets it back at closing.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  size = 'md',
  children,
  footer,
  fixedHeight,
}: ModalProps) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-[2px] motion-safe:animate-fade-in" />
        <div className="pointer-events-none fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-4">
          <Dialog.Content
            onOpenAutoFocus={() => {
              // Runs before focus moves into the dialog.
              opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            }}
            onCloseAutoFocus={(event) => {
              const target = opener.current;
              opener.current = null;
              if (target?.isConnected) {
                event.preventDefault();
                target.focus();
              }
            }}
            onEscapeKeyDown={(event) => {
              // Escape in an open combobox closes its list first, not the dialog.
              const target = event.target;
              if (target instanceof HTMLElement && target.matches('[role="combobox"][aria-expanded="true"]')) {
                event.preventDefault();
              }
            }}
            /* Without a description, tell Radix there is none rather than point at a missing element. */
            {...(description ? {} : { 'aria-describedby': undefined })}
            className={cn(
              'pointer-events-auto flex motion-safe:animate-pop-in max-h-[92dvh] w-full flex-col rounded-t-2xl border border-slate-200 bg-white shadow-xl sm:rounded-2xl',
              fixedHeight && 'h-[92dvh] sm:h-[min(52rem,calc(100dvh-2rem))]',
              'dark:border-slate-800 dark:bg-slate-900',
              widths[size],
            )}
          >
            <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
              <div className="min-w-0">
                <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-slate-100">
                  {title}
                </Dialog.Title>
                {description && (
                  <Dialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                    {description}
                  </Dialog.Description>
                )}
              </div>
              <Dialog.Close
                aria-label="Close"
                className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-200"
              >
                <X aria-hidden="true" className="size-5" />
              </Dialog.Close>
            </div>
            <div
              className={cn(
                'overflow-y-auto px-5 py-4',
                fixedHeight && 'min-h-0 flex-1 sm:flex sm:flex-col sm:overflow-hidden',
              )}
            >
              {children}
            </div>
            {footer && (
              <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-5 py-4 sm:flex-row sm:justify-end dark:border-slate-800">
                {footer}
              </div>
            )}
          </Dialog.Content>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
