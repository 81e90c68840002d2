import { Box, Button, chakra, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import {
  PORTFOLIO_LIMITS,
  PORTFOLIO_MESSAGES,
  PROFILE_MESSAGES,
  portfolioItemInputSchema,
  type PortfolioItem,
  type PortfolioItemSave,
  type PortfolioMedia,
} from '@solutionz/shared';
import type { z } from 'zod';
import { FormField } from '@/components/forms/form-field';
import { AppDialog } from '@/components/ui/app-dialog';
import { toastFailure } from '@/components/ui/failure-toast';
import { toaster } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { useSavePortfolioItem } from '@/entities/portfolio/api/portfolio';
import { isUploading, type PortfolioUpload, type UploadProblem } from '@/entities/portfolio/api/portfolio-uploads';
import { useUploadQueue } from '@/entities/portfolio/api/use-upload-queue';
import { KeptMediaRow, MediaDropZone, UploadRow } from './editor-media';
import { useMembershipGate } from './use-membership-gate';

const detailsSchema = portfolioItemInputSchema.pick({ title: true, description: true });
type DetailsInput = z.input<typeof detailsSchema>;
type Details = z.output<typeof detailsSchema>;

/** One entry of the media a save sends, in its order: what the API's `body.media.N` messages point back to. */
type SentMedia = { readonly kept: PortfolioMedia } | { readonly upload: PortfolioUpload };

/** The toast for a file the API refused on save, under the product's title for the reason. */
function saveProblem(message: string, filename: string): UploadProblem {
  const { tooLarge, wrongType, uploadFailed } = PORTFOLIO_MESSAGES;
  if (message === tooLarge.description(filename)) return { title: tooLarge.title, description: message };
  if (message === wrongType.description(filename)) return { title: wrongType.title, description: message };
  return { title: uploadFailed.title, description: message };
}

/** The API's message for entry `index` of the media list (`body.media.N`, or its poster), if any. */
function mediaFieldMessage(error: ApiError, index: number): string | undefined {
  return error.fieldMessage(`media.${index}`) ?? error.fieldMessage(`media.${index}.uploadId`) ?? error.fieldMessage(`media.${index}.posterUploadId`);
}

/** Where a refused save's messages go in the editor. */
interface RefusalTargets {
  fieldError(field: 'title' | 'description', message: string): void;
  mediaError(message: string): void;
  keptProblem(mediaId: string, message: string): void;
  uploadFailed(key: string, problem: UploadProblem): void;
}

/**
 * Puts the messages of a refused save where they belong (the fields, the media list, each file), and toasts the first
 * file's problem, else the failure.
 */
function showSaveRefusal(error: unknown, sent: readonly SentMedia[], targets: RefusalTargets) {
  let problem: UploadProblem | undefined;
  if (error instanceof ApiError && error.status === 400) {
    for (const field of ['title', 'description'] as const) {
      const message = error.fieldMessage(field);
      if (message) targets.fieldError(field, message);
    }
    const mediaMessage = error.fieldMessage('media');
    if (mediaMessage) targets.mediaError(mediaMessage);
    sent.forEach((entry, index) => {
      const message = mediaFieldMessage(error, index);
      if (!message) return;
      if ('kept' in entry) {
        targets.keptProblem(entry.kept.id, message);
        problem ??= saveProblem(message, entry.kept.filename);
      } else {
        // The API deleted the upload it refused: the file has to be chosen again (or left out).
        const found = saveProblem(message, entry.upload.name);
        targets.uploadFailed(entry.upload.key, found);
        problem ??= found;
      }
    });
  }
  toastFailure(
    error,
    problem ?? {
      title: PROFILE_MESSAGES.saveFailed.title,
      description: error instanceof ApiError && error.status < 500 ? error.message : PROFILE_MESSAGES.saveFailed.description,
    },
  );
}

export interface PortfolioEditorProps {
  readonly userId: string;
  /** The item to edit; absent for a new one. */
  readonly item?: PortfolioItem;
  onClose(): void;
}

/**
 * The portfolio editor (closed, add or edit; save closes it; docs/product/provider-profile.md#portfolio): a title, a
 * description and the item's photos and videos. Files upload as soon as they are chosen; saving
 * sends the kept files by id and the new ones by upload id, and the API checks each of them.
 */
export function PortfolioEditor({ userId, item, onClose }: PortfolioEditorProps) {
  const formId = useId();
  const mediaHeadingId = useId();
  const gate = useMembershipGate();
  const save = useSavePortfolioItem(userId);
  const [kept, setKept] = useState<readonly PortfolioMedia[]>(item?.media ?? []);
  const [keptProblems, setKeptProblems] = useState<Readonly<Record<string, string>>>({});
  const [mediaError, setMediaError] = useState<string>();

  const { queue, uploads } = useUploadQueue((failed, error) => {
    if (gate.handledAsUnsubscribed(error)) return;
    if (error instanceof ApiError && error.status === 401) return toastFailure(error, PORTFOLIO_MESSAGES.authenticationRequired);
    const only = failed.length === 1 ? failed[0]?.problem : undefined;
    const { uploadFailed } = PORTFOLIO_MESSAGES;
    toastFailure(error, only ?? { title: uploadFailed.title, description: uploadFailed.several });
  });

  const form = useForm<DetailsInput, unknown, Details>({
    resolver: zodResolver(detailsSchema),
    defaultValues: { title: item?.title ?? '', description: item?.description ?? '' },
  });
  const { register, handleSubmit, setError, formState } = form;

  const active = uploads.filter((upload) => upload.status !== 'failed');
  const room = PORTFOLIO_LIMITS.maxMediaPerItem - kept.length - active.length;
  const uploading = isUploading(uploads);
  const ready = (): SentMedia[] => [
    ...kept.map((media) => ({ kept: media })),
    ...uploads.filter((upload) => upload.status === 'uploaded').map((upload) => ({ upload })),
  ];

  const choose = (files: File[]) => {
    setMediaError(undefined);
    if (files.length > room) toaster.error({ title: PORTFOLIO_MESSAGES.uploadFailed.title, description: PORTFOLIO_MESSAGES.tooManyMedia });
    void queue.add(files.slice(0, Math.max(0, room)));
  };

  const refused = (error: unknown, sent: readonly SentMedia[]) => {
    if (gate.handledAsUnsubscribed(error)) return;
    showSaveRefusal(error, sent, {
      fieldError: (field, message) => setError(field, { type: 'server', message }),
      mediaError: setMediaError,
      keptProblem: (id, message) => setKeptProblems((problems) => ({ ...problems, [id]: message })),
      uploadFailed: (key, problem) => queue.markFailed(key, problem),
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const sent = ready();
    const mediaMissing = sent.length === 0 && !uploading;
    if (mediaMissing) {
      setMediaError(PORTFOLIO_MESSAGES.mediaRequired.description);
      toaster.error(PORTFOLIO_MESSAGES.mediaRequired);
    }
    void handleSubmit((details) => {
      if (mediaMissing || uploading) return;
      const body: PortfolioItemSave = {
        ...details,
        media: sent.map((entry) =>
          'kept' in entry
            ? { id: entry.kept.id }
            : {
                uploadId: entry.upload.uploadId!,
                filename: entry.upload.name,
                ...(entry.upload.posterUploadId ? { posterUploadId: entry.upload.posterUploadId } : {}),
              },
        ),
      };
      save.mutate(
        { ...(item ? { itemId: item.id } : {}), body },
        {
          onSuccess: () => {
            toaster.success({ title: PORTFOLIO_MESSAGES.saved });
            onClose();
          },
          onError: (error) => refused(error, sent),
        },
      );
    })(event);
  };

  const mediaCount = kept.length + uploads.length;
  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={item ? 'Edit Portfolio Item' : 'Add Portfolio Item'}
      busy={save.isPending}
      width="3xl"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={save.isPending || uploading} loadingText={uploading ? 'Uploading…' : 'Saving…'}>
            Save
          </Button>
        </>
      }
    >
      <chakra.form id={formId} display="flex" flexDirection="column" gap="5" noValidate onSubmit={submit} aria-label="Portfolio item">
        <FormField label="Title" required maxLength={PORTFOLIO_LIMITS.titleMaxChars} error={formState.errors.title?.message} {...register('title')} />
        <Field.Root invalid={Boolean(formState.errors.description)}>
          <Field.Label>Description</Field.Label>
          <Textarea rows={4} maxLength={PORTFOLIO_LIMITS.descriptionMaxChars} {...register('description')} />
          <Field.HelperText>What the job was, where, and anything a client would like to know.</Field.HelperText>
          <Field.ErrorText color="red.700">{formState.errors.description?.message}</Field.ErrorText>
        </Field.Root>

        <Stack as="section" gap="3" aria-labelledby={mediaHeadingId}>
          <Text id={mediaHeadingId} fontWeight="medium">
            Photos and videos{' '}
            <Text as="span" color="fg.muted" fontWeight="normal">
              ({mediaCount} of {PORTFOLIO_LIMITS.maxMediaPerItem}; the first is the cover)
            </Text>
          </Text>
          {mediaCount > 0 && (
            <Box as="ul" listStyleType="none" aria-label="Files of this item" borderTopWidth="1px" borderBottomWidth="1px" px="1">
              {kept.map((media) => (
                <KeptMediaRow
                  key={media.id}
                  media={media}
                  problem={keptProblems[media.id]}
                  onRemove={() => setKept((list) => list.filter((each) => each.id !== media.id))}
                />
              ))}
              {uploads.map((upload) => (
                <UploadRow key={upload.key} upload={upload} onRemove={() => queue.remove(upload.key)} />
              ))}
            </Box>
          )}
          <MediaDropZone onFiles={choose} disabled={room <= 0} />
          {mediaError && (
            <Text role="alert" fontSize="sm" color="red.700">
              {mediaError}
            </Text>
          )}
        </Stack>
      </chakra.form>
    </AppDialog>
  );
}
