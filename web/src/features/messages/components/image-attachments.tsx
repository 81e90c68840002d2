import { Box, Button, chakra, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ImagePlusIcon, XIcon } from 'lucide-react';
import { MESSAGE_IMAGE_ACCEPT, MESSAGE_IMAGE_LIMITS, MESSAGING_MESSAGES, messageImageProblem } from '@solutionz/shared';
import { imageFailureText, uploadMessageImage } from '../api/message-images';

/** An image chosen for the next message: uploading (with its share sent), ready to send, or refused. */
interface Attachment {
  readonly key: string;
  readonly file: File;
  readonly status: 'uploading' | 'ready' | 'failed';
  readonly percent: number;
  readonly imageId?: string;
  readonly error?: string;
  readonly controller: AbortController;
}

/**
 * The images of the message being written (at most 4): each uploads as soon as it is chosen, and the
 * server checks it; a send names the ready ones.
 */
export function useImageAttachments(conversationId: string) {
  const [items, setItems] = useState<Attachment[]>([]);
  const [notice, setNotice] = useState<string>();
  const update = useCallback(
    (key: string, patch: Partial<Attachment>) => setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item))),
    [],
  );

  const add = (files: readonly File[]) => {
    setNotice(undefined);
    const room = MESSAGE_IMAGE_LIMITS.perMessage - items.length;
    if (files.length > room) setNotice(MESSAGING_MESSAGES.tooManyImages);
    const added: Attachment[] = [];
    for (const file of files.slice(0, Math.max(0, room))) {
      const problem = messageImageProblem(file);
      if (problem) {
        setNotice(problem);
        continue;
      }
      added.push({ key: crypto.randomUUID(), file, status: 'uploading', percent: 0, controller: new AbortController() });
    }
    if (added.length === 0) return;
    setItems((current) => [...current, ...added]);
    for (const item of added) {
      uploadMessageImage(conversationId, item.file, {
        signal: item.controller.signal,
        onProgress: (share) => update(item.key, { percent: Math.round(share * 100) }),
      }).then(
        (imageId) => update(item.key, { status: 'ready', percent: 100, imageId }),
        (error: unknown) => {
          if (!item.controller.signal.aborted) update(item.key, { status: 'failed', error: imageFailureText(error) });
        },
      );
    }
  };

  const remove = (key: string) => {
    items.find((item) => item.key === key)?.controller.abort();
    setItems((current) => current.filter((item) => item.key !== key));
    setNotice(undefined);
  };

  const clear = () => {
    setItems([]);
    setNotice(undefined);
  };

  return {
    items,
    notice,
    showNotice: setNotice,
    add,
    remove,
    clear,
    uploading: items.some((item) => item.status === 'uploading'),
    failed: items.some((item) => item.status === 'failed'),
    imageIds: items.flatMap((item) => (item.status === 'ready' && item.imageId ? [item.imageId] : [])),
  };
}

type ImageAttachmentsState = ReturnType<typeof useImageAttachments>;

/** A picture of a file chosen now: its object URL lives as long as the picture. */
function FilePreview({ file, alt, describedBy }: { file: File; alt: string; describedBy: string | undefined }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(file);
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return <chakra.img ref={image} alt={alt} aria-describedby={describedBy} width="full" height="full" objectFit="cover" />;
}

function AttachmentTile({ item, position, total, onRemove }: { item: Attachment; position: number; total: number; onRemove: () => void }) {
  const errorId = useId();
  return (
    <Stack as="li" gap="1" w="24">
      <Box
        position="relative"
        w="24"
        h="24"
        borderRadius="md"
        overflow="hidden"
        bg="bg.muted"
        borderWidth={item.status === 'failed' ? '2px' : '0'}
        borderColor="red.600"
      >
        <FilePreview file={item.file} alt={`Image ${position} of ${total} to send: ${item.file.name}`} describedBy={item.error ? errorId : undefined} />
        {item.status === 'uploading' && (
          <Box
            role="progressbar"
            aria-label={`Uploading ${item.file.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={item.percent}
            aria-valuetext={`${item.percent}%`}
            position="absolute"
            insetX="1"
            bottom="1"
            h="1.5"
            bg="whiteAlpha.800"
            borderRadius="full"
            overflow="hidden"
          >
            <Box h="full" w={`${item.percent}%`} bg="brand.solid" transition="width 0.2s" />
          </Box>
        )}
        <IconButton
          aria-label={`Remove ${item.file.name}`}
          size="2xs"
          variant="solid"
          borderRadius="full"
          position="absolute"
          top="1"
          insetEnd="1"
          onClick={onRemove}
        >
          <XIcon aria-hidden="true" />
        </IconButton>
      </Box>
      {item.status === 'failed' && (
        <Text id={errorId} role="alert" fontSize="xs" color="red.700">
          {item.error}
        </Text>
      )}
    </Stack>
  );
}

/**
 * "Add images" for the composer: a button that opens the file picker (keyboard operable, as any button),
 * the chosen images as thumbnails with their upload progress and a remove button each, and why a file was
 * refused (the 5th, a file that is not an image) in the words the server uses.
 */
export function ImageAttachments({ state }: { state: ImageAttachmentsState }) {
  const input = useRef<HTMLInputElement>(null);
  const noticeId = useId();
  const full = state.items.length >= MESSAGE_IMAGE_LIMITS.perMessage;
  return (
    <Stack gap="2">
      {state.items.length > 0 && (
        <HStack as="ul" aria-label="Images to send" listStyleType="none" gap="2" flexWrap="wrap" align="flex-start">
          {state.items.map((item, index) => (
            <AttachmentTile key={item.key} item={item} position={index + 1} total={state.items.length} onRemove={() => state.remove(item.key)} />
          ))}
        </HStack>
      )}
      <HStack gap="3">
        <input
          ref={input}
          type="file"
          accept={MESSAGE_IMAGE_ACCEPT}
          multiple
          hidden
          data-testid="message-image-input"
          onChange={(event) => {
            state.add([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <Button
          variant="outline"
          size="sm"
          aria-describedby={state.notice ? noticeId : undefined}
          onClick={() => (full ? state.showNotice(MESSAGING_MESSAGES.tooManyImages) : input.current?.click())}
        >
          <ImagePlusIcon aria-hidden="true" /> Add images
        </Button>
        <Text fontSize="xs" color="fg.muted">
          {`${state.items.length} of ${MESSAGE_IMAGE_LIMITS.perMessage} images`}
        </Text>
      </HStack>
      {state.notice && (
        <Text id={noticeId} role="alert" fontSize="sm" color="red.700">
          {state.notice}
        </Text>
      )}
    </Stack>
  );
}
