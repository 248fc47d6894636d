import { lazy, Suspense } from 'react';
import { useToastAsked } from '../lib/toast';
import { useThemeStore } from '../lib/theme-store';

const Toaster = lazy(() => import('react-hot-toast').then((m) => ({ default: m.Toaster })));

const darkStyle = { background: '#1e293b', color: '#f1f5f9', border: '1px solid #334155' };

/**
 * Toasts top-right. Inside the signed-in shell every toast lasts 3 s (spec §2);
 * public pages keep the library's defaults (spec §9), and load it with their first toast.
 */
export function Toasts({ inShell = false }: { inShell?: boolean }) {
  const mode = useThemeStore((state) => state.mode);
  const asked = useToastAsked();
  if (!inShell && !asked) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position="top-right"
        toastOptions={{
          ...(inShell ? { duration: 3000 } : {}),
          style: { fontSize: '0.875rem', ...(mode === 'dark' ? darkStyle : {}) },
        }}
      />
    </Suspense>
  );
}
