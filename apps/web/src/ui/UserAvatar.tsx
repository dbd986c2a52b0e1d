import { Avatar, type AvatarProps } from '@mantine/core';
import { storedFileUrl } from './image-check.ts';
import { initials, shortName } from './names.ts';

interface UserAvatarProps extends Omit<AvatarProps, 'src' | 'alt' | 'children'> {
  /** The stored photo path (pictureProfile / foto, "files/profile/…"). */
  foto: string | null | undefined;
  /** The person's full name: gives the alt text and the initials shown without a photo. */
  name: string;
}

/** A person's stored photo, or the initials of the first and last name when there is none. */
export function UserAvatar({ foto, name, ...props }: UserAvatarProps) {
  const src = storedFileUrl(foto) ?? null;
  return (
    <Avatar
      src={src}
      alt={`Foto de ${shortName(name)}`}
      color="brand"
      data-has-photo={src ? 'true' : 'false'}
      {...props}
    >
      {initials(name)}
    </Avatar>
  );
}
