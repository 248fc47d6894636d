import { useSyncExternalStore } from 'react';

/**
 * Toasts that public pages may show, with react-hot-toast loaded at the first one: most visits of a public
 * page show none. Signed-in pages may import react-hot-toast directly; the app shell mounts its Toaster.
 */
let asked = false;
const listeners = new Set<() => void>();

function show(kind: 'success' | 'error', message: string) {
  if (!asked) {
    asked = true;
    for (const listener of listeners) listener();
  }
  void import('react-hot-toast').then(({ default: hotToast }) => hotToast[kind](message));
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once a toast was asked for. */
export const useToastAsked = () => useSyncExternalStore(subscribe, () => asked);
