import { Toaster } from 'react-hot-toast';
import { useThemeStore } from '../lib/theme-store';

const darkStyle = { background: '#1e293b', color: '#f1f5f9', border: '1px solid #334155' };

/**
 * Toasts top-right. Inside the signed-in shell every toast lasts 3 s (spec §2);
 * public pages keep the library's defaults (spec §9).
 */
export function Toasts({ inShell = false }: { inShell?: boolean }) {
  const mode = useThemeStore((state) => state.mode);
  return (
    <Toaster
      position="top-right"
      toastOptions={{
        ...(inShell ? { duration: 3000 } : {}),
        style: { fontSize: '0.875rem', ...(mode === 'dark' ? darkStyle : {}) },
      }}
    />
  );
}
