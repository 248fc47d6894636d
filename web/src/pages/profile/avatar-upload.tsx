import { useId, useState, type ChangeEvent } from 'react';
import { Upload } from 'lucide-react';
import toast from 'react-hot-toast';
import type { User } from '@common/auth';
import { AVATAR_MAX_BYTES, avatarAccept, avatarTypes, profileMessages } from '@common/profile';
import { Avatar } from '../../components/avatar';
import { Button, buttonClasses } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { cn } from '../../lib/cn';
import { uploadFailureMessage, useRemoveAvatar, useUploadAvatar } from './api';

const acceptedTypes: readonly string[] = Object.values(avatarTypes);

/** What the browser can tell before sending (part 1 §5); the server checks the bytes themselves. */
function checkFile(file: File): string | null {
  if (!acceptedTypes.includes(file.type)) return profileMessages.avatarType;
  if (file.size > AVATAR_MAX_BYTES) return profileMessages.avatarSize;
  return null;
}

/** The picture with its upload control; the input is disabled while an upload runs (part 1 §4). */
export function AvatarUpload({ user }: { user: User }) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const [error, setError] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared at once, so choosing the same file again is a change too.
    input.value = '';
    if (!file) return;
    const refusal = checkFile(file);
    setError(refusal);
    if (refusal) {
      toast.error(refusal);
      return;
    }
    upload.mutate(file, { onError: (failure) => setError(uploadFailureMessage(failure)) });
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <Avatar name={user.name} email={user.email} src={user.avatarUrl} className="size-20 text-2xl!" />
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap gap-2">
          <input
            id={inputId}
            type="file"
            accept={avatarAccept}
            disabled={busy}
            onChange={onChange}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : `${inputId}-hint`}
            className="peer sr-only"
          />
          <label
            htmlFor={inputId}
            className={cn(
              buttonClasses('secondary', 'sm'),
              'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-500',
              busy && 'pointer-events-none opacity-70',
            )}
          >
            {upload.isPending ? <Spinner /> : <Upload aria-hidden="true" className="size-4" />}
            {upload.isPending ? 'Uploading...' : 'Upload picture'}
          </label>
          {user.avatarUrl && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => remove.mutate()}
              loading={remove.isPending}
              disabled={busy}
            >
              Remove picture
            </Button>
          )}
        </div>
        {error ? (
          <p id={errorId} className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : (
          <p id={`${inputId}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
            PNG, JPEG, GIF or WebP, at most 5 MB.
          </p>
        )}
      </div>
    </div>
  );
}
