import { Box, Button, chakra, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { CircleCheckIcon, UploadIcon, XIcon } from 'lucide-react';
import { PORTFOLIO_ACCEPT, PORTFOLIO_LIMITS, type PortfolioMedia } from '@solutionz/shared';
import { FallbackImage } from '@/components/ui/fallback-image';
import type { PortfolioUpload } from '@/entities/portfolio/api/portfolio-uploads';
import { NEUTRAL_VIDEO_POSTER } from './portfolio-media';

/** A picture of a file chosen now, before it is uploaded: its object URL lives as long as the picture. */
function FilePreview({ file }: { file: File }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(file);
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return <chakra.img ref={image} alt="" width="full" height="full" objectFit="cover" />;
}

function PreviewFrame({ children }: { children?: ReactNode }) {
  return (
    <Box flexShrink="0" width="16" height="12" borderRadius="sm" overflow="hidden" bg="bg.muted">
      {children}
    </Box>
  );
}

const stillOf = (src: string) => <FallbackImage src={src} alt="" width="full" height="full" objectFit="cover" />;

const errorText = (message: string) => (
  <Text fontSize="sm" color="red.700">
    {message}
  </Text>
);

/** A file the item has already, kept unless removed. */
export function KeptMediaRow({ media, problem, onRemove }: { media: PortfolioMedia; problem?: string; onRemove: () => void }) {
  const preview = media.type === 'video' ? (media.posterUrl ?? NEUTRAL_VIDEO_POSTER) : (media.thumbnailUrl ?? media.url);
  return (
    <HStack as="li" gap="3" align="center" py="2">
      <PreviewFrame>{stillOf(preview)}</PreviewFrame>
      <Stack gap="0.5" flex="1" minW="0">
        <Text fontSize="sm" fontWeight="medium" truncate>
          {media.filename}
        </Text>
        {problem && errorText(problem)}
      </Stack>
      <Button size="xs" variant="ghost" onClick={onRemove} aria-label={`Remove ${media.filename}`}>
        <XIcon aria-hidden="true" />
        Remove
      </Button>
    </HStack>
  );
}

/** A file chosen now: its progress while it goes to storage, then whether it arrived. */
export function UploadRow({ upload, onRemove }: { upload: PortfolioUpload; onRemove: () => void }) {
  const running = upload.status === 'preparing' || upload.status === 'uploading';
  return (
    <HStack as="li" gap="3" align="center" py="2">
      <PreviewFrame>{upload.kind === 'video' ? stillOf(NEUTRAL_VIDEO_POSTER) : upload.status !== 'failed' && <FilePreview file={upload.file} />}</PreviewFrame>
      <Stack gap="1" flex="1" minW="0">
        <Text fontSize="sm" fontWeight="medium" truncate>
          {upload.name}
        </Text>
        {running && (
          <Progress.Root value={upload.percent} width="full">
            <Progress.Track
              aria-label={`Uploading ${upload.name}`}
              aria-valuetext={`${upload.percent}%`}
              height="1.5"
              bg="bg.muted"
              borderRadius="full"
              overflow="hidden"
            >
              <Progress.Range height="full" bg="brand.solid" transition="width 0.2s" />
            </Progress.Track>
          </Progress.Root>
        )}
        {upload.status === 'uploaded' && (
          <HStack gap="1" fontSize="sm" color="green.700">
            <CircleCheckIcon aria-hidden="true" />
            <Text>Uploaded</Text>
          </HStack>
        )}
        {upload.problem && errorText(upload.problem.description)}
      </Stack>
      {running && (
        <Text fontSize="xs" color="fg.muted" aria-hidden="true" minW="9" textAlign="end">
          {upload.percent}%
        </Text>
      )}
      <Button size="xs" variant="ghost" onClick={onRemove} aria-label={running ? `Cancel upload of ${upload.name}` : `Remove ${upload.name}`}>
        <XIcon aria-hidden="true" />
        {running ? 'Cancel' : 'Remove'}
      </Button>
    </HStack>
  );
}

/**
 * Where files are chosen: a button opening the browser's chooser, and the same area takes files
 * dropped on it. The accepted types and size are said where the choice is made.
 */
export function MediaDropZone({ onFiles, disabled }: { onFiles: (files: File[]) => void; disabled: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drag = (event: DragEvent, active: boolean) => {
    event.preventDefault();
    if (!disabled) setOver(active);
  };
  return (
    <Stack
      gap="2"
      align="center"
      textAlign="center"
      p="5"
      borderWidth="2px"
      borderStyle="dashed"
      borderRadius="lg"
      borderColor={over ? 'brand.solid' : 'border'}
      bg={over ? 'brand.subtle' : undefined}
      onDragEnter={(event) => drag(event, true)}
      onDragOver={(event) => drag(event, true)}
      onDragLeave={(event) => drag(event, false)}
      onDrop={(event) => {
        drag(event, false);
        if (!disabled) onFiles([...event.dataTransfer.files]);
      }}
    >
      {/* The button opens the browser's file chooser; the input itself stays out of sight and out of the tab order. */}
      <chakra.input
        ref={input}
        type="file"
        multiple
        accept={PORTFOLIO_ACCEPT}
        hidden
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <Button size="sm" variant="outline" onClick={() => input.current?.click()} disabled={disabled}>
        <UploadIcon aria-hidden="true" />
        Choose files
      </Button>
      <Text fontSize="sm" color="fg.muted">
        or drop them here. JPEG, PNG, WEBP or MP4, up to {PORTFOLIO_LIMITS.maxFileBytes / 1024 / 1024} MB each; at most {PORTFOLIO_LIMITS.maxMediaPerItem} per
        item.
      </Text>
    </Stack>
  );
}
