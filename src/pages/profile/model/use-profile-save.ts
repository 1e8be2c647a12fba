import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/shared/api';

/** The translation key of the message a failed save shows (profile namespace). */
export function saveErrorKey(error: unknown): string {
  if (error instanceof ApiError) {
    switch (error.body?.ExceptionTypeString) {
      case 'ValidationError':
        return 'save.errors.validation';
      case 'InvalidAccessForRapidRegistration':
        return 'save.errors.notConfirmed';
      case 'WrongCredentials':
        return 'password.errors.wrongOld';
      case 'InvalidPassword':
        return 'password.rule';
      case 'EmailIsUsedInSocialLogin':
        return 'password.social';
      case 'FileTooLarge':
      case 'PayloadTooLarge':
        return 'avatar.errors.avatarSize';
      case 'InvalidFileType':
      case 'UnsupportedMediaType':
        return 'avatar.errors.avatarType';
      case 'ImageTooLarge':
        return 'avatar.errors.avatarPixels';
      case 'UploadBudgetExceeded':
        return 'avatar.errors.avatarBudget';
      case 'ImageWorkBusy':
        return 'avatar.errors.avatarBusy';
      case 'StorageFull':
        return 'avatar.errors.avatarStorage';
      case 'RecentLoginRequired':
        return 'identity.required';
      case 'PasswordAttemptsExceeded':
        return 'identity.locked';
      default:
        return error.status >= 500 ? 'save.errors.server' : 'save.errors.generic';
    }
  }
  // fetch rejects (no connection, timeout) without an answer.
  return 'save.errors.network';
}

/**
 * One save of the profile page: progress, then success or an error, and Me (and the
 * address list) read again after a success. The form keeps its own values, so nothing
 * typed is lost when a save fails.
 */
export function useProfileSave<T>(save: (values: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    // Only the values: the API helpers take an optional client as their next argument.
    mutationFn: (values: T) => save(values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account'] }),
  });
}
