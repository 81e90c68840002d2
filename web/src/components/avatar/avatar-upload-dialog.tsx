import { Button, chakra, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { UploadIcon } from 'lucide-react';
import { AVATAR, PROFILE_MESSAGES, profileRoutes, TOAST } from '@solutionz/shared';
import { AppDialog } from '@/components/ui/app-dialog';
import { toastFailure } from '@/components/ui/failure-toast';
import { toaster } from '@/components/ui/toaster';
import { UserAvatar } from '@/components/ui/user-avatar';
import { ApiError, apiRequest } from '@/lib/api-client';
import { useProfileCache } from '@/lib/auth/profile-cache';
import { useSession } from '@/lib/auth/session';
import { uploadWithPresignedPost } from '@/lib/presigned-upload';

type AvatarMimeType = (typeof AVATAR.mimeTypes)[number];

/** The picture's type from the browser, or from its name when the browser gave none (png, jpeg, jpg; docs/product/account-settings.md#avatar). */
function avatarTypeOf(file: Pick<File, 'name' | 'type'>): AvatarMimeType | undefined {
  if ((AVATAR.mimeTypes as readonly string[]).includes(file.type)) return file.type as AvatarMimeType;
  if (file.type) return undefined;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(AVATAR.extensions as readonly string[]).includes(extension)) return undefined;
  return extension === 'png' ? 'image/png' : 'image/jpeg';
}

/** The API's reason for refusing the picture, under the product's title for it; anything else is the generic failure. */
function failureToast(error: unknown): { title: string; description: string } {
  const { tooLarge, wrongType, notAnImage, failed } = PROFILE_MESSAGES.avatar;
  if (!(error instanceof ApiError) || error.status >= 500) return failed;
  return [tooLarge, wrongType, notAnImage].find((message) => message.description === error.message) ?? { title: failed.title, description: error.message };
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export interface AvatarUploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Change Profile Photo (docs/product/account-settings.md#avatar): the browser checks type and size, asks the API
 * for a presigned POST, sends the file straight to storage with a progress bar, then asks the API
 * to check it and make it the picture. The header shows the new picture at once. Cancel, or
 * closing the dialog, stops the upload.
 */
export default function AvatarUploadDialog({ open, onOpenChange }: AvatarUploadDialogProps) {
  const session = useSession();
  const cache = useProfileCache();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const upload = useRef<AbortController | null>(null);
  const uploading = percent !== null;

  useEffect(() => () => upload.current?.abort(), []);

  if (session.status !== 'signedIn') return null;
  const { user, profile } = session;
  const name = profile?.displayName ?? user.email ?? '';

  async function send(file: File) {
    const contentType = avatarTypeOf(file);
    if (!contentType) return toaster.error({ ...PROFILE_MESSAGES.avatar.wrongType, duration: TOAST.profileDurationMs });
    if (file.size > AVATAR.maxBytes) return toaster.error({ ...PROFILE_MESSAGES.avatar.tooLarge, duration: TOAST.profileDurationMs });

    const controller = new AbortController();
    upload.current = controller;
    setPercent(0);
    try {
      const target = await apiRequest(profileRoutes.createAvatarUpload, { body: { contentType, size: file.size }, signal: controller.signal });
      await uploadWithPresignedPost(target, file, { signal: controller.signal, onProgress: (share) => setPercent(Math.round(share * 100)) });
      const { avatarUrl } = await apiRequest(profileRoutes.setAvatar, { body: { key: target.key }, signal: controller.signal });
      cache.patch(user.userId, { avatarUrl });
      toaster.success({ ...PROFILE_MESSAGES.avatar.success, duration: TOAST.profileDurationMs });
      onOpenChange(false);
    } catch (error) {
      if (isAbort(error)) return;
      console.error('Profile picture upload failed', error);
      toastFailure(error, { ...failureToast(error), duration: TOAST.profileDurationMs });
    } finally {
      if (upload.current === controller) {
        upload.current = null;
        setPercent(null);
      }
    }
  }

  const cancel = () => upload.current?.abort();

  return (
    <AppDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) cancel();
        onOpenChange(next);
      }}
      title="Change Profile Photo"
      footer={
        <Button variant="outline" onClick={() => (uploading ? cancel() : onOpenChange(false))}>
          {uploading ? 'Cancel upload' : 'Close'}
        </Button>
      }
    >
      <Stack gap="5" align="center">
        <UserAvatar name={name} src={profile?.avatarUrl} alt="Your current profile picture" size="2xl" />
        <Text fontSize="sm" color="fg.muted" textAlign="center">
          A PNG, JPG or JPEG image of up to 2 MB. We crop it to a square and remove any location or camera details it carries.
        </Text>
        {/* The button opens the browser's file chooser; the input itself stays out of sight and out of the tab order. */}
        <chakra.input
          ref={input}
          type="file"
          accept={[...AVATAR.mimeTypes, ...AVATAR.extensions.map((extension) => `.${extension}`)].join(',')}
          disabled={uploading}
          hidden
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) void send(file);
          }}
        />
        <Button onClick={() => input.current?.click()} disabled={uploading}>
          <UploadIcon aria-hidden="true" />
          Choose a picture
        </Button>
        {uploading && (
          <Progress.Root value={percent} width="full">
            <HStack justify="space-between" mb="1" fontSize="sm">
              <Progress.Label fontWeight="medium">Uploading profile picture</Progress.Label>
              <Progress.ValueText>{percent}%</Progress.ValueText>
            </HStack>
            <Progress.Track
              aria-label="Uploading profile picture"
              aria-valuetext={`${percent}%`}
              height="2"
              bg="bg.muted"
              borderRadius="full"
              overflow="hidden"
            >
              <Progress.Range height="full" bg="brand.solid" transition="width 0.2s" />
            </Progress.Track>
          </Progress.Root>
        )}
      </Stack>
    </AppDialog>
  );
}
