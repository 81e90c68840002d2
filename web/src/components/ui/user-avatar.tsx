import { Avatar, type AvatarRootProps } from '@chakra-ui/react';
import { initials } from '@solutionz/shared';

export interface UserAvatarProps extends Omit<AvatarRootProps, 'children'> {
  name: string;
  /** The profile picture (under /media/), or null for the initials. */
  src: string | null | undefined;
  /** The picture's text alternative; empty where the name is shown beside it. */
  alt?: string;
}

/** A person's picture, or the first two initials of their name while there is none (spec 01 section 3). */
export function UserAvatar({ name, src, alt = '', ...root }: UserAvatarProps) {
  return (
    <Avatar.Root colorPalette="brand" {...root}>
      <Avatar.Fallback>{initials(name)}</Avatar.Fallback>
      {src && <Avatar.Image src={src} alt={alt} />}
    </Avatar.Root>
  );
}
