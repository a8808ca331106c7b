import BoringAvatar from 'boring-avatars';
import { useTranslation } from 'react-i18next';

/** Size of the generated picture (spec 01 §1); it scales down with its box. */
const AVATAR_SIZE = 100;
const PALETTE = ['#0a7cff', '#17c964', '#f5a524', '#f31260', '#7828c8'];

type UserAvatarProps = { userId: number; username?: string | null | undefined; className?: string };

/** A picture generated from the user id alone, so it stays the same when the name changes. */
export function UserAvatar({ userId, username, className = 'size-8' }: UserAvatarProps) {
  const { t } = useTranslation();
  const name = username || t('avatar.unknown');
  return (
    <span className={`inline-flex shrink-0 overflow-hidden rounded-full ${className}`}>
      <BoringAvatar
        name={String(userId)}
        title={false}
        aria-label={name}
        role="img"
        size={AVATAR_SIZE}
        variant="beam"
        colors={PALETTE}
        width="100%"
        height="100%"
      />
    </span>
  );
}
