import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { MeProfile } from '@/entities/account';
import { useTranslation } from '@/shared/i18n';
import { Button } from '@/shared/ui/button';
import { FileField } from '@/shared/ui/file-field';
import { removeAvatar, uploadAvatar } from '../api/profile-api';
import { AVATAR_TYPES, avatarProblem, avatarUrl } from '../model/profile-values';
import { useProfileSave } from '../model/use-profile-save';
import styles from './profile-page.module.css';
import { SaveFeedback } from './save-feedback';

interface Chosen {
  file: File;
  /** A local preview of the file (none where the browser cannot make one). */
  preview: string | null;
}

function previewOf(file: File): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

/** The profile image: the current one, a preview of the chosen file, upload and removal. */
export function AvatarSection({ me }: { me: MeProfile }) {
  const { t } = useTranslation('profile');
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // A preview is released when another file replaces it and when the page closes.
  useEffect(
    () => () => {
      if (chosen?.preview) URL.revokeObjectURL(chosen.preview);
    },
    [chosen],
  );
  const file = chosen?.file ?? null;
  const preview = chosen?.preview ?? null;
  const upload = useProfileSave(uploadAvatar);
  const remove = useProfileSave(() => removeAvatar());
  const busy = upload.isPending || remove.isPending;
  const shown = preview ?? (me.avatar ? avatarUrl(me.avatar) : null);
  const initials =
    [me.name, me.surname]
      .map((part) => part?.trim().charAt(0) ?? '')
      .join('')
      .toUpperCase() || me.email.charAt(0).toUpperCase();

  const choose = (next: File | null) => {
    upload.reset();
    remove.reset();
    const found = next ? avatarProblem(next) : null;
    setProblem(found ? `avatar.errors.${found}` : null);
    setChosen(next && !found ? { file: next, preview: previewOf(next) } : null);
  };

  const clearInput = () => {
    setChosen(null);
    if (input.current) input.current.value = '';
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setProblem('avatar.errors.missing');
      return;
    }
    remove.reset();
    upload.mutate(file, { onSuccess: clearInput });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="profile-avatar-title" data-testid="avatar-form">
      <h2 id="profile-avatar-title" className={styles.sectionTitle}>
        {t('avatar.title')}
      </h2>
      <div className={styles.avatarRow}>
        {shown ? (
          <img
            className={styles.avatar}
            src={shown}
            alt={preview ? t('avatar.previewAlt') : t('avatar.currentAlt')}
            width={96}
            height={96}
          />
        ) : (
          <span className={styles.avatarEmpty} role="img" aria-label={t('avatar.none')}>
            {initials}
          </span>
        )}
        <div className={styles.avatarControls}>
          <FileField
            ref={input}
            name="avatar"
            label={t('avatar.choose')}
            chooseLabel={t('avatar.chooseButton')}
            noFileLabel={t('avatar.noFile')}
            accept={AVATAR_TYPES.join(',')}
            help={problem ? undefined : t('avatar.help')}
            error={problem ? t(problem) : undefined}
            onFileChange={choose}
            disabled={busy}
          />
        </div>
      </div>
      <SaveFeedback status={upload.status} error={upload.error} successKey="avatar.saved" />
      <SaveFeedback status={remove.status} error={remove.error} successKey="avatar.removed" />
      <div className={styles.actions}>
        <Button type="submit" loading={upload.isPending} disabled={remove.isPending}>
          {upload.isPending ? t('avatar.uploading') : t('avatar.upload')}
        </Button>
        {file ? (
          <Button variant="ghost" onClick={clearInput} disabled={busy}>
            {t('avatar.cancel')}
          </Button>
        ) : null}
        {me.avatar ? (
          <Button
            variant="secondary"
            onClick={() => {
              upload.reset();
              remove.mutate(undefined);
            }}
            loading={remove.isPending}
            disabled={upload.isPending}
          >
            {t('avatar.remove')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
