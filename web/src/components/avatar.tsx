import { getInitials } from '../lib/format';
import { cn } from '../lib/cn';

interface AvatarProps {
  name: string | null | undefined;
  email?: string | null;
  src?: string | null;
  className?: string;
}

/** The user's picture, or their initials on a coloured disc. */
export function Avatar({ name, email, src, className }: AvatarProps) {
  const base = cn('inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full', className);
  if (src) return <img src={src} alt="" className={cn(base, 'object-cover')} />;
  return (
    <span aria-hidden="true" className={cn(base, 'bg-indigo-600 text-sm font-semibold text-white')}>
      {getInitials(name, email)}
    </span>
  );
}
