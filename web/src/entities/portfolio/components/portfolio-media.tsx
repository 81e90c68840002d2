import { Box, chakra, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { PlayIcon } from 'lucide-react';
import type { PortfolioItem, PortfolioMedia } from '@solutionz/shared';
import { AppDialog } from '@/components/ui/app-dialog';
import { FallbackImage } from '@/components/ui/fallback-image';

/** Served from web/public: shown for a video without a poster frame of its own. */
export const NEUTRAL_VIDEO_POSTER = '/video-poster.svg';

/** How a file of an item is named to assistive tech: the item's title, and which file of how many. */
function mediaLabel(item: Pick<PortfolioItem, 'title' | 'media'>, index: number): string {
  const media = item.media[index];
  const kind = media?.type === 'video' ? 'video' : 'image';
  return item.media.length === 1 ? `${item.title}: ${kind}` : `${item.title}: ${kind} ${index + 1} of ${item.media.length}`;
}

const frameStyles = { width: 'full', aspectRatio: '4 / 3', borderRadius: 'md', bg: 'bg.muted', overflow: 'hidden' } as const;

function Video({ media, label }: { media: PortfolioMedia; label: string }) {
  return (
    <chakra.video
      {...frameStyles}
      bg="black"
      display="block"
      objectFit="contain"
      src={media.url}
      poster={media.posterUrl ?? NEUTRAL_VIDEO_POSTER}
      controls
      playsInline
      // Nothing is fetched until the person plays it: the poster stands in meanwhile.
      preload="none"
      aria-label={label}
    />
  );
}

/** What a small button of the strip shows: the image's thumbnail, or the video's poster with a play sign. */
function Thumbnail({ media }: { media: PortfolioMedia }) {
  const src = media.type === 'video' ? (media.posterUrl ?? NEUTRAL_VIDEO_POSTER) : (media.thumbnailUrl ?? media.url);
  return (
    <Box position="relative" width="full" height="full">
      <FallbackImage src={src} alt="" width="full" height="full" objectFit="cover" loading="lazy" />
      {media.type === 'video' && (
        <Flex position="absolute" inset="0" align="center" justify="center" color="white" aria-hidden="true">
          <PlayIcon />
        </Flex>
      )}
    </Box>
  );
}

/**
 * An item's files in its card: the chosen one large (an image opens larger in a dialog, a video plays
 * where it is), and a strip of small buttons to choose another when there are several.
 */
export function PortfolioMediaViewer({ item }: { item: PortfolioItem }) {
  const [chosen, setChosen] = useState(0);
  const [enlarged, setEnlarged] = useState(false);
  const index = Math.min(chosen, item.media.length - 1);
  const media = item.media[index];
  if (!media) return null;
  const label = mediaLabel(item, index);

  return (
    <Stack gap="2">
      {media.type === 'video' ? (
        <Video key={media.id} media={media} label={label} />
      ) : (
        <chakra.button
          type="button"
          {...frameStyles}
          display="block"
          cursor="zoom-in"
          aria-label={`View larger: ${label}`}
          aria-haspopup="dialog"
          onClick={() => setEnlarged(true)}
          _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
        >
          <FallbackImage src={media.thumbnailUrl ?? media.url} alt={label} width="full" height="full" objectFit="cover" loading="lazy" />
        </chakra.button>
      )}

      {item.media.length > 1 && (
        <Flex as="ul" gap="2" wrap="wrap" listStyleType="none" aria-label={`Photos and videos of ${item.title}`}>
          {item.media.map((each, at) => (
            <li key={each.id}>
              <chakra.button
                type="button"
                width="14"
                height="14"
                borderRadius="sm"
                overflow="hidden"
                borderWidth="2px"
                borderColor={at === index ? 'brand.solid' : 'transparent'}
                aria-label={`Show ${mediaLabel(item, at)}`}
                aria-pressed={at === index}
                onClick={() => setChosen(at)}
                _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
              >
                <Thumbnail media={each} />
              </chakra.button>
            </li>
          ))}
        </Flex>
      )}

      {enlarged && media.type === 'image' && (
        <AppDialog open onOpenChange={setEnlarged} title={item.title} width="3xl">
          <Stack gap="3">
            <FallbackImage src={media.url} alt={label} width="full" maxH="75vh" objectFit="contain" borderRadius="md" bg="bg.muted" />
            {item.description && <Text color="fg.muted">{item.description}</Text>}
          </Stack>
        </AppDialog>
      )}
    </Stack>
  );
}
