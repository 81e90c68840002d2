import { Box, Button, HStack, Image, Skeleton, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { AppDialog } from '@/components/ui/app-dialog';
import { useMessageImage } from '../api/message-images';

const altOf = (position: number, total: number, from: string) => `Image ${position} of ${total} from ${from}`;

function Thumbnail({ conversationId, imageId, alt, onOpen }: { conversationId: string; imageId: string; alt: string; onOpen: () => void }) {
  const image = useMessageImage(conversationId, imageId, 'thumb');
  if (image.isError) {
    return (
      <Box w="28" h="28" borderRadius="md" bg="bg.muted" display="flex" alignItems="center" justifyContent="center" p="2">
        <Text fontSize="xs" color="fg.muted" textAlign="center">
          Image not available
        </Text>
      </Box>
    );
  }
  if (!image.data) return <Skeleton w="28" h="28" borderRadius="md" role="img" aria-label={`Loading ${alt.toLowerCase()}`} />;
  return (
    <Button variant="plain" p="0" h="auto" minW="0" borderRadius="md" overflow="hidden" onClick={onOpen}>
      <Image src={image.data} alt={alt} w="28" h="28" objectFit="cover" />
    </Button>
  );
}

function FullImage({ conversationId, imageId, alt }: { conversationId: string; imageId: string; alt: string }) {
  const image = useMessageImage(conversationId, imageId, 'full');
  if (image.isError) return <Text color="fg.muted">This image could not be loaded.</Text>;
  if (!image.data) return <Skeleton w="full" h="64" borderRadius="md" role="img" aria-label="Loading the image" />;
  return <Image src={image.data} alt={alt} maxW="full" maxH="75vh" mx="auto" objectFit="contain" borderRadius="md" />;
}

/**
 * The images of a message as thumbnails; each opens larger in a dialog. Their bytes come from the API, only
 * to the two people of the conversation.
 */
export function MessageImages({ conversationId, imageIds, from }: { conversationId: string; imageIds: readonly string[]; from: string }) {
  const [open, setOpen] = useState<number>();
  const total = imageIds.length;
  const openId = open === undefined ? undefined : imageIds[open];
  return (
    <>
      <HStack as="ul" aria-label={`Images from ${from}`} listStyleType="none" gap="2" flexWrap="wrap">
        {imageIds.map((imageId, index) => (
          <li key={imageId}>
            <Thumbnail conversationId={conversationId} imageId={imageId} alt={altOf(index + 1, total, from)} onOpen={() => setOpen(index)} />
          </li>
        ))}
      </HStack>
      <AppDialog
        open={openId !== undefined}
        onOpenChange={(isOpen) => !isOpen && setOpen(undefined)}
        title={open === undefined ? '' : altOf(open + 1, total, from)}
        width="3xl"
      >
        {openId !== undefined && <FullImage conversationId={conversationId} imageId={openId} alt={altOf(open! + 1, total, from)} />}
      </AppDialog>
    </>
  );
}
