import { Avatar, type AvatarProps } from '@mantine/core';
import { initials, shortName } from './names.ts';

interface UserAvatarProps extends Omit<AvatarProps, 'src' | 'alt' | 'children'> {
  /** The stored photo path (pictureProfile / foto), served under /api/. */
  foto: string | null | undefined;
  /** The person's full name: gives the alt text and the initials shown without a photo. */
  name: string;
}

/** A person's photo from /api/{foto}, or the initials of the first and last name when there is none. */
export function UserAvatar({ foto, name, ...props }: UserAvatarProps) {
  const src = foto ? `/api/${foto.replace(/^\/+/, '')}` : null;
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
