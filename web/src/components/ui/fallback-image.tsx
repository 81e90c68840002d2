import { Image, type ImageProps } from '@chakra-ui/react';
import { useState } from 'react';

/** Served from web/public: a neutral picture frame. */
const PLACEHOLDER_IMAGE = '/placeholder-image.svg';

/** An image that shows the placeholder picture instead when its own cannot be loaded (docs/product/provider-profile.md#what-the-page-shows). */
export function FallbackImage({ src, onError, ...image }: ImageProps) {
  const [broken, setBroken] = useState<string | undefined>();
  const showPlaceholder = broken !== undefined && broken === src;
  return (
    <Image
      {...image}
      src={showPlaceholder ? PLACEHOLDER_IMAGE : src}
      onError={(event) => {
        if (!showPlaceholder) setBroken(src);
        onError?.(event);
      }}
    />
  );
}
