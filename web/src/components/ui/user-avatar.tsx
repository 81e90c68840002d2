import { createSlotRecipeContext, type HTMLChakraProps, type SlotRecipeProps, type UnstyledProp } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { initials } from '@solutionz/shared';

// Chakra's avatar parts without its state machine: the same recipe (app/theme.ts) styles them, and the pages
// that list providers load no zag runtime for a picture (Chakra's Avatar and its machine are about 5 KB gzip).
const { withProvider, withContext } = createSlotRecipeContext({ key: 'avatar' });

interface AvatarRootProps extends HTMLChakraProps<'div', SlotRecipeProps<'avatar'>>, UnstyledProp {}

const AvatarRoot = withProvider<HTMLDivElement, AvatarRootProps>('div', 'root');
const AvatarFallback = withContext<HTMLSpanElement, HTMLChakraProps<'span'>>('span', 'fallback');
const AvatarImage = withContext<HTMLImageElement, HTMLChakraProps<'img'>>('img', 'image');

export interface UserAvatarProps extends Omit<AvatarRootProps, 'children'> {
  name: string;
  /** The profile picture (under /media/), or null for the initials. */
  src: string | null | undefined;
  /** The picture's text alternative; empty where the name is shown beside it. */
  alt?: string;
}

/** The initials until the picture has loaded (and for good if it fails), as Chakra's Avatar shows them. */
function PictureOrInitials({ name, src, alt }: Pick<UserAvatarProps, 'name' | 'src' | 'alt'>) {
  const [loaded, setLoaded] = useState(false);
  // A picture in server-rendered HTML may have loaded before the page's script ran, without a load event to hear.
  const seeIfLoaded = useCallback((image: HTMLImageElement | null) => {
    if (image?.complete && image.naturalWidth > 0) setLoaded(true);
  }, []);
  return (
    <>
      <AvatarFallback hidden={loaded}>{initials(name)}</AvatarFallback>
      {src && (
        <AvatarImage ref={seeIfLoaded} src={src} alt={alt} hidden={!loaded} draggable={false} referrerPolicy="no-referrer" onLoad={() => setLoaded(true)} />
      )}
    </>
  );
}

/** A person's picture, or the first two initials of their name while there is none (docs/product/site.md#site-shell). */
export function UserAvatar({ name, src, alt = '', ...root }: UserAvatarProps) {
  return (
    <AvatarRoot colorPalette="brand" {...root}>
      <PictureOrInitials key={src ?? ''} name={name} src={src} alt={alt} />
    </AvatarRoot>
  );
}
