import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { type ChangePasswordInput, type User } from '@common/auth';
import { passwordMessages } from '@common/password-messages';
import { pathOf } from '@common/api-url';
import { authApi } from '@common/auth-api';
import { bookingApi } from '@common/booking-api';
import { errorBodySchema } from '@common/http';
import {
  AVATAR_FIELD,
  profileMessages,
  type Availability,
  type AvailabilityDay,
  type ProfileInput,
} from '@common/profile';
import { profileApi } from '@common/profile-api';
import { ApiError, call, isApiError } from '../../lib/api';
import { useAuthStore } from '../../lib/auth-store';
import { bookingKeys } from '../booking/keys';

/** Not in the spec, which has no way to remove a picture; worded like its other avatar toasts. */
export const avatarRemoved = 'Profile picture removed';
export const avatarRemoveFailed = 'Failed to remove image. Please try again.';

/** The shell reads the user from the auth store: a saved profile shows there at once. */
const showInShell = (user: User) => useAuthStore.getState().setUser(user);

export function useUpdateProfile() {
  return useMutation({
    mutationFn: (input: ProfileInput) => call(profileApi.update, { body: input }),
    onSuccess: (user) => {
      showInShell(user);
      toast.success(profileMessages.updated);
    },
    onError: () => toast.error(profileMessages.updateFailed),
  });
}

/** The words for a failed upload: the server's own for a refused file, else the spec's (part 1 §8). */
export function uploadFailureMessage(error: unknown): string {
  if (isApiError(error, 400) || isApiError(error, 413)) return error.error;
  if (isApiError(error, 401) || isApiError(error, 403)) return profileMessages.avatarPermission;
  return profileMessages.avatarFailed;
}

/** The picture's upload as multipart: a request that is not JSON. */
async function uploadAvatar(file: File): Promise<User> {
  const body = new FormData();
  body.append(AVATAR_FIELD, file);
  const response = await fetch(pathOf(profileApi.uploadAvatar), {
    method: profileApi.uploadAvatar.method,
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    body,
  });
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(data);
    throw parsed.success
      ? new ApiError(response.status, parsed.data.error, parsed.data.fields)
      : new ApiError(response.status, response.statusText || 'Request failed');
  }
  return profileApi.uploadAvatar.response.parse(data);
}

export function useUploadAvatar() {
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (user) => {
      showInShell(user);
      toast.success(profileMessages.avatarUpdated);
    },
    onError: (error) => toast.error(uploadFailureMessage(error)),
  });
}

export function useRemoveAvatar() {
  return useMutation({
    mutationFn: () => call(profileApi.removeAvatar),
    onSuccess: (user) => {
      showInShell(user);
      toast.success(avatarRemoved);
    },
    onError: () => toast.error(avatarRemoveFailed),
  });
}

/** The server's words for a refusal it explains (too many attempts, busy), else the generic failure. */
const failureMessage = (error: unknown, fallback: string) =>
  isApiError(error) && [400, 429, 503].includes(error.status) ? error.error : fallback;

/** Every other session ends with it; the answer's new session cookie keeps this browser signed in. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => call(authApi.changePassword, { body: input }),
    onSuccess: () => toast.success(passwordMessages.passwordChanged),
    onError: (error) => {
      // A field's own message shows under it (the form sets it); anything else is a toast.
      if (!(isApiError(error, 400) && (error.fields.currentPassword || error.fields.newPassword)))
        toast.error(failureMessage(error, passwordMessages.passwordChangeFailed));
    },
  });
}

export function useSignOutOtherSessions() {
  return useMutation({
    mutationFn: () => call(authApi.signOutOthers),
    onSuccess: () => toast.success(passwordMessages.otherSessionsEnded),
    onError: (error) => toast.error(failureMessage(error, passwordMessages.otherSessionsEndFailed)),
  });
}

const availabilityKey = bookingKeys.availability();

export const availabilityQuery = () =>
  queryOptions({
    queryKey: availabilityKey,
    queryFn: () => call(bookingApi.availability),
  });

const withDay = (availability: Availability | undefined, day: AvailabilityDay): Availability | undefined =>
  availability && {
    days: availability.days.map((each) => (each.dayOfWeek === day.dayOfWeek ? day : each)),
  };

/**
 * Saves one weekday at once (part 1 §4): shown changed straight away, and on failure shown as stored again.
 */
export function useSaveAvailabilityDay() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ dayOfWeek, ...input }: AvailabilityDay) =>
      call(bookingApi.saveAvailabilityDay, { params: { day: String(dayOfWeek) }, body: input }),
    onMutate: async (day) => {
      await qc.cancelQueries({ queryKey: availabilityKey });
      const before = qc.getQueryData<Availability>(availabilityKey);
      qc.setQueryData<Availability>(availabilityKey, (current) => withDay(current, day));
      return { stored: before?.days.find((each) => each.dayOfWeek === day.dayOfWeek) };
    },
    onSuccess: (saved) => {
      qc.setQueryData<Availability>(availabilityKey, (current) => withDay(current, saved));
      toast.success(profileMessages.availabilityUpdated);
    },
    onError: (_error, _day, context) => {
      toast.error(profileMessages.availabilityUpdateFailed);
      if (context?.stored)
        qc.setQueryData<Availability>(availabilityKey, (current) => withDay(current, context.stored!));
      return qc.invalidateQueries({ queryKey: availabilityKey });
    },
  });
}
