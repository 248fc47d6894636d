import { Dialog, VisuallyHidden } from 'radix-ui';
import { X } from 'lucide-react';
import type { User } from '@common/auth';
import { SidebarContent } from './sidebar';

interface MobileSidebarProps {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The sidebar as an overlay drawer on small screens; Radix closes it on Escape and traps focus. */
export function MobileSidebar({ user, open, onOpenChange }: MobileSidebarProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60 motion-safe:animate-fade-in lg:hidden" />
        <Dialog.Content
          id="mobile-sidebar"
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] border-r border-slate-200 bg-white shadow-xl motion-safe:animate-slide-in lg:hidden dark:border-slate-800 dark:bg-slate-900"
        >
          <VisuallyHidden.Root>
            <Dialog.Title>Menu</Dialog.Title>
          </VisuallyHidden.Root>
          <Dialog.Close
            aria-label="Close menu"
            className="absolute top-3.5 right-3 inline-flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
          <SidebarContent user={user} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
