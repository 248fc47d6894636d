import { Spinner } from '../components/spinner';

/** Shown while the first screen's code loads. */
export function PageFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner label="Loading" className="size-8 text-indigo-500" />
    </div>
  );
}
